/**
 * PGlite on a folder whose acknowledged commits survive a power cut (decision 055).
 *
 * PGlite starts Postgres with `-F` (fsync off), and its Node file system, Emscripten's NODEFS, has
 * no fsync of its own: Postgres's fsync() returns at once and fdatasync() is a stub, so nothing
 * ever reaches the disk before the page cache writes it back. This file system gives NODEFS a real
 * sync on the file descriptor it holds, and `durableStartParams` turns Postgres's own fsync back
 * on: Postgres then syncs the write-ahead log before it answers a COMMIT, the data files at each
 * checkpoint and the folders it creates files in, as on any server.
 */
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import fs from 'node:fs';

type PostgresModule = Parameters<NodeFS['init']>[1];

/** The parts of Emscripten's NODEFS and FS this file system uses (PGlite's types leave them out). */
interface NodefsStream {
  nfd: number;
  node: { mode: number };
}
interface EmscriptenFileSystems {
  NODEFS: {
    stream_ops: { fsync?: (stream: NodefsStream) => number };
    /** Turns a Node error into the errno Postgres sees. */
    tryFSOperation<T>(operation: () => T): T;
  };
  FS: { isDir(mode: number): boolean };
}

/**
 * A folder is fsynced (its entries); a file fdatasynced: its contents and the size that finds them,
 * without a journal commit for its modification time on every COMMIT. Called through `fs.` so a
 * test can watch the calls.
 */
function syncDescriptor(fd: number, isFolder: boolean): void {
  if (isFolder) fs.fsyncSync(fd);
  else fs.fdatasyncSync(fd);
}

function giveNodefsARealSync(module: PostgresModule): void {
  const { NODEFS, FS } = module as unknown as EmscriptenFileSystems;
  // Every NODEFS stream shares this table, set before Postgres opens its first file. A failed sync
  // reaches Postgres as an errno, and Postgres stops rather than carry on (data_sync_retry is off).
  NODEFS.stream_ops.fsync = (stream) => {
    NODEFS.tryFSOperation(() => syncDescriptor(stream.nfd, FS.isDir(stream.node.mode)));
    return 0;
  };
}

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Partial<PostgresModule>) {
    const { emscriptenOpts } = await super.init(pg, opts);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), giveNodefsARealSync] } };
  }
}

/**
 * PGlite's own start parameters without `-F`, and the WAL synced with fsync(): the build's
 * fdatasync() does nothing, and Postgres would pick it by default.
 */
export const durableStartParams: string[] = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];
