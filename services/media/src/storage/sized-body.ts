/**
 * A body whose length is known before it is sent: S3's PutObject needs a Content-Length, and a
 * stream (a video arriving from a request, an archive being zipped) does not know its own. Buffers
 * and whole files (the video worker's outputs) are measured; any other stream is first spooled to a
 * private temp file, so memory stays bounded whatever the size.
 */
import { createReadStream, createWriteStream, ReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageBody } from './port.js';

export interface SizedBody {
  body: Buffer | Uint8Array | Readable;
  length: number;
  /** Removes the spooled copy, if one was made; safe to call more than once. */
  dispose(): Promise<void>;
}

const nothingToDispose = async () => {};

/** A read stream over a whole file (not a slice), not yet started: its file's size is its length. */
function wholeFile(body: Readable): string | null {
  if (!(body instanceof ReadStream) || typeof body.path !== 'string') return null;
  // Node keeps a slice's bounds on the stream, though its types do not say so.
  const { start, end } = body as ReadStream & { start?: number; end?: number };
  const whole = (start ?? 0) === 0 && (end === undefined || end === Infinity);
  return whole && body.bytesRead === 0 ? body.path : null;
}

export async function sizedBody(body: StorageBody): Promise<SizedBody> {
  if (!(body instanceof Readable)) return { body, length: body.byteLength, dispose: nothingToDispose };
  const file = wholeFile(body);
  if (file) return { body, length: (await stat(file)).size, dispose: nothingToDispose };

  const dir = await mkdtemp(path.join(tmpdir(), 'kora-s3-put-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const spooled = path.join(dir, 'body');
    await pipeline(body, createWriteStream(spooled, { flags: 'wx', mode: 0o600 }));
    return { body: createReadStream(spooled), length: (await stat(spooled)).size, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
