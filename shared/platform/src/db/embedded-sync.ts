/**
 * EMBEDDED_SYNC: whether PGlite on a folder makes each acknowledged commit durable before it answers
 * (decision 055). `on` by default; `off` gives back PGlite's own behaviour, where a killed process
 * loses nothing but a power cut can lose the last commits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { blankIsUnset, loadConfig } from '../config.js';
import { DurableNodeFS, durableStartParams } from './durable-node-fs.js';

export type EmbeddedSync = 'on' | 'off';

const embeddedSyncSchema = z.object({
  EMBEDDED_SYNC: z.preprocess(blankIsUnset, z.enum(['on', 'off']).default('on')),
});

/** Read from the environment by every opener of the embedded database; a bad value stops it. */
export function embeddedSyncSetting(env: Record<string, string | undefined> = process.env): EmbeddedSync {
  return loadConfig(embeddedSyncSchema, env).EMBEDDED_SYNC;
}

/** The PGlite options that make commits on `dir` durable. */
export function durableFolderOptions(dir: string) {
  return { fs: new DurableNodeFS(dir), startParams: durableStartParams };
}

/** Whether `dir` holds no cluster yet, so PGlite will create one in it. */
export function holdsNoCluster(dir: string): boolean {
  return !fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/** Files synced at once when a whole folder is. */
const SYNC_BATCH = 64;

/**
 * Syncs every file and folder under `dir`, and `dir`'s entry in its parent. PGlite unpacks a new
 * cluster without syncing it, and Postgres later syncs only the files it writes itself. The syncs
 * run a batch at a time side by side (libuv's pool), so the disk takes them together.
 */
export async function syncFolderTree(dir: string): Promise<void> {
  const files: string[] = [];
  const folders = [path.dirname(dir)];
  const walk = (folder: string) => {
    folders.push(folder);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  walk(dir);
  // Files first: a folder's entries point at them.
  for (const [list, isFolder] of [
    [files, false],
    [folders, true],
  ] as const) {
    for (let i = 0; i < list.length; i += SYNC_BATCH) {
      await Promise.all(list.slice(i, i + SYNC_BATCH).map((target) => syncPath(target, isFolder)));
    }
  }
}

/** Through `fs.` at call time, so a test can watch the syncs. */
async function syncPath(target: string, isFolder: boolean): Promise<void> {
  const fd = await promisify(fs.open)(target, 'r');
  try {
    await promisify(isFolder ? fs.fsync : fs.fdatasync)(fd);
  } finally {
    await promisify(fs.close)(fd);
  }
}
