// Backups of the embedded data folder (PGlite's database, stored media, the local secrets): one
// .tar.gz holding `manifest.json` (format, versions, time, every file's size and sha256, one
// checksum over the list) and the folder itself under `data/`. Both directions refuse a folder a
// live product holds: PGlite's files are consistent only while no process writes them, and a
// second process opening them would corrupt the database.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { IN_USE_FILE, processUsingDataDir } from './backup-in-use.mjs';

export const MANIFEST_FORMAT = 'kora-embedded-backup';
export const MANIFEST_VERSION = 1;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A refusal with a message meant for the operator (no stack needed). */
export class BackupError extends Error {}

/**
 * Every directory and regular file under `dataDir` (posix paths relative to it), sorted; the
 * in-use mark is left out. Directories count: PostgreSQL refuses a cluster missing its empty ones.
 * @param {string} dataDir
 */
export function describeFolder(dataDir) {
  /** @type {string[]} */ const directories = [];
  /** @type {{ path: string, size: number, sha256: string }[]} */ const files = [];
  const walk = (/** @type {string} */ rel) => {
    for (const entry of fs.readdirSync(path.join(dataDir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        directories.push(child);
        walk(child);
      } else if (entry.isFile() && child !== IN_USE_FILE) {
        const content = fs.readFileSync(path.join(dataDir, child));
        files.push({ path: child, size: content.length, sha256: sha256(content) });
      }
    }
  };
  walk('');
  directories.sort();
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { directories, files, totalBytes: files.reduce((n, f) => n + f.size, 0), checksum: listChecksum(files) };
}

/**
 * Writes a backup of `dataDir` to `out` (atomically: a partial archive never has the final name).
 * @param {{ dataDir: string, out: string, now?: Date }} options
 */
export async function createBackup({ dataDir, out, now = new Date() }) {
  const source = path.resolve(dataDir);
  if (!fs.existsSync(path.join(source, 'pglite')))
    throw new BackupError(`No embedded database in ${source} (expected ${path.join(source, 'pglite')}).`);
  refuseIfRunning(source, 'back up');
  const manifest = {
    format: MANIFEST_FORMAT,
    formatVersion: MANIFEST_VERSION,
    ...versions(),
    createdAt: now.toISOString(),
    ...describeFolder(source),
  };

  // tar packs from one folder: a staging folder holds the manifest and a link to the data folder.
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-backup-'));
  const partial = `${path.resolve(out)}.partial-${randomBytes(4).toString('hex')}`;
  try {
    fs.writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    fs.symlinkSync(source, path.join(stage, 'data'), 'junction');
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    await tar.c({ gzip: true, file: partial, cwd: stage, follow: true, portable: true, filter: (p) => p !== `data/${IN_USE_FILE}` }, [
      'manifest.json',
      'data',
    ]);
    fs.renameSync(partial, out);
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(stage, { recursive: true, force: true });
  }
  return manifest;
}

/**
 * Unpacks `file` into a fresh folder and checks it against its manifest: every listed file present
 * with its size and sha256, nothing unlisted, the list's checksum. Returns the manifest and the
 * checked folder (the caller moves or deletes it).
 * @param {string} file @param {string} into an empty or missing folder
 */
export async function unpackAndCheck(file, into) {
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  fs.mkdirSync(into, { recursive: true });
  try {
    await tar.x({ file, cwd: into, strict: true });
  } catch (err) {
    throw new BackupError(`${file} is not a readable backup archive (${/** @type {Error} */ (err).message}).`);
  }
  const manifestFile = path.join(into, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${file} has no manifest.json: not a Kora backup.`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  if (manifest.format !== MANIFEST_FORMAT || manifest.formatVersion !== MANIFEST_VERSION) {
    throw new BackupError(
      `${file} is a ${manifest.format ?? 'unknown'} backup, version ${manifest.formatVersion}; this Kora reads ${MANIFEST_FORMAT} version ${MANIFEST_VERSION}.`,
    );
  }
  if (listChecksum(manifest.files) !== manifest.checksum)
    throw new BackupError(`${file}: the manifest's file list does not match its checksum.`);
  const data = path.join(into, 'data');
  if (!fs.existsSync(data)) throw new BackupError(`${file} holds no data folder.`);
  const found = describeFolder(data);
  const problems = compareLists(manifest, found);
  if (problems.length > 0) throw new BackupError(`${file} is damaged:\n  ${problems.slice(0, 10).join('\n  ')}`);
  return { manifest, data };
}

/**
 * Replaces `dataDir` with the backup's copy. The folder it replaces is kept aside (renamed, never
 * deleted) and named in the answer.
 * @param {{ file: string, dataDir: string, now?: Date }} options
 */
export async function restoreBackup({ file, dataDir, now = new Date() }) {
  const target = path.resolve(dataDir);
  refuseIfRunning(target, 'restore into');
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  // Unpacked beside the target so the final step is a rename on one file system.
  const unpacked = `${target}.restoring-${stamp}`;
  try {
    const { manifest, data } = await unpackAndCheck(path.resolve(file), unpacked);
    refuseIfRunning(target, 'restore into'); // a product started while we unpacked
    let keptAside = null;
    if (fs.existsSync(target)) {
      keptAside = `${target}.before-restore-${stamp}`;
      fs.renameSync(target, keptAside);
    }
    fs.renameSync(data, target);
    return { manifest, keptAside };
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

/** @param {string} dataDir @param {string} action */
function refuseIfRunning(dataDir, action) {
  const pid = processUsingDataDir(dataDir);
  if (pid) {
    throw new BackupError(
      `Kora is running on ${dataDir} (process ${pid}). Stop it first: PGlite's files are consistent only while no process writes them, so Kora will not ${action} a folder in use.`,
    );
  }
}

/**
 * @param {{ directories: string[], files: { path: string, size: number, sha256: string }[] }} expected
 * @param {{ directories: string[], files: { path: string, size: number, sha256: string }[] }} found
 */
function compareLists(expected, found) {
  const problems = [];
  const foundFiles = new Map(found.files.map((f) => [f.path, f]));
  for (const f of expected.files) {
    const got = foundFiles.get(f.path);
    if (!got) problems.push(`missing file ${f.path}`);
    else if (got.size !== f.size || got.sha256 !== f.sha256) problems.push(`changed file ${f.path}`);
    foundFiles.delete(f.path);
  }
  for (const extra of foundFiles.keys()) problems.push(`unlisted file ${extra}`);
  const foundDirs = new Set(found.directories);
  for (const d of expected.directories) if (!foundDirs.has(d)) problems.push(`missing folder ${d}`);
  return problems;
}

/** @param {{ path: string, size: number, sha256: string }[]} files */
function listChecksum(files) {
  return sha256(files.map((f) => `${f.path}\t${f.size}\t${f.sha256}\n`).join(''));
}

/** @param {Buffer | string} data */
function sha256(data) {
  return createHash('sha256').update(data).digest('hex');
}

function versions() {
  const read = (/** @type {string} */ file) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')).version ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };
  return { koraVersion: read('package.json'), pgliteVersion: read('node_modules/@electric-sql/pglite/package.json') };
}
