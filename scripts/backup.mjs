#!/usr/bin/env node
// `npm run backup [-- --out <file>] [-- --data <dir>]`: one .tar.gz of the embedded data folder
// (DATA_DIR, default ./data) with a manifest. Refuses while Kora runs on that folder: stop it first.
// PostgreSQL (distributed mode) is backed up with pg_dump instead; see README "Backups".
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, createBackup } from './lib/backup-archive.mjs';

const { values } = parseArgs({ options: { out: { type: 'string' }, data: { type: 'string' } } });
const dataDir = values.data ?? process.env.DATA_DIR ?? 'data';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = values.out ?? path.join('backups', `kora-${stamp}.tar.gz`);

try {
  const manifest = await createBackup({ dataDir, out });
  const mb = (manifest.totalBytes / 1e6).toFixed(1);
  process.stdout.write(`Backed up ${dataDir}/ (${manifest.files.length} files, ${mb} MB) to ${out}\nchecksum ${manifest.checksum}\n`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  process.stderr.write(`backup: ${err.message}\n`);
  process.exit(1);
}
