/**
 * Where a process's log lines go: stdout or a file, in blocks (as nginx's buffered access log does)
 * instead of one system call per line, and whatever has gathered at least every LOG_FLUSH_MS, so a
 * quiet process still shows its last lines within a second. What is left is written synchronously
 * when the process exits.
 *
 * Lines are encoded straight into a block Buffer, and sonic-boom (in its buffer mode) writes whole
 * blocks, synchronously: one system call per block, as nginx's buffered log does. A write left to
 * libuv's thread pool cannot be waited for at exit, so the exit's synchronous flush wrote the last
 * blocks before (or without) one still queued there: lines out of order, or lost (decision 014). Handing sonic-boom each line instead cost more than the rest of an access line together:
 * as text it measures the whole pending block's byte length on every line it adds, and as one
 * Buffer per line it keeps a hundred small objects per block alive past the young-generation
 * collections (docs/performance.md).
 */
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import SonicBoom from 'sonic-boom';

const LOG_BLOCK_BYTES = 16 * 1024;
const LOG_FLUSH_MS = 1_000;

/** Every open destination, written out synchronously at exit (pino does the same for its own). */
const open = new Set<BlockWriter>();
let flushAtExit = false;

function flushAll(): void {
  for (const writer of open) writer.flushSync();
}

export interface LogDestination extends DestinationStream {
  write(line: string): void;
  flush(callback?: (err?: Error) => void): void;
  flushSync(): void;
}

class BlockWriter implements LogDestination {
  private block = Buffer.allocUnsafeSlow(LOG_BLOCK_BYTES);
  private used = 0;
  private broken = false;

  constructor(private readonly boom: SonicBoom) {
    boom.on('error', (err: NodeJS.ErrnoException) => {
      // A reader that went away (a closed pipe): stop logging rather than crash the process.
      if (err.code === 'EPIPE') this.broken = true;
      else throw err;
    });
  }

  write(line: string): void {
    if (this.broken) return;
    // Worst case three bytes per UTF-16 unit: a line that might not fit starts a new block.
    if (this.used + line.length * 3 > LOG_BLOCK_BYTES) {
      this.handOver();
      if (line.length * 3 > LOG_BLOCK_BYTES) {
        this.boom.write(Buffer.from(line) as unknown as string);
        return;
      }
    }
    this.used += this.block.write(line, this.used);
  }

  /** Gives the gathered block to sonic-boom, which writes it when its previous write is done. */
  handOver(): void {
    if (this.used === 0) return;
    // Typed as text by sonic-boom; in buffer mode it takes Buffers.
    this.boom.write(this.block.subarray(0, this.used) as unknown as string);
    this.block = Buffer.allocUnsafeSlow(LOG_BLOCK_BYTES);
    this.used = 0;
  }

  flush(callback?: (err?: Error) => void): void {
    if (this.broken) return callback?.();
    this.handOver();
    this.boom.flush(callback);
  }

  flushSync(): void {
    if (this.broken) return;
    try {
      this.handOver();
      this.boom.flushSync();
    } catch {
      // A closed or broken stdout: nothing more can be written anywhere.
    }
  }
}

// Opened at once, not by sonic-boom in the background: a process that fails right after it starts
// must still leave its lines in the file when it exits.
function openForAppend(file: string): number {
  mkdirSync(path.dirname(file), { recursive: true });
  return openSync(file, 'a');
}

/** `dest` 1 is stdout; a path is a file, appended to, its folder made if missing. */
export function logDestination(dest: 1 | string): LogDestination {
  // minLength 0: blocks are gathered here, so sonic-boom writes each as soon as it is handed over.
  const boom = new SonicBoom({ fd: dest === 1 ? 1 : openForAppend(dest), sync: true, contentMode: 'buffer', minLength: 0 });
  const writer = new BlockWriter(boom);
  open.add(writer);
  // The last part-filled block, at least every LOG_FLUSH_MS; unref'd, so it never keeps a process alive.
  setInterval(() => writer.handOver(), LOG_FLUSH_MS).unref();
  if (!flushAtExit) {
    flushAtExit = true;
    process.once('exit', flushAll);
  }
  return writer;
}
