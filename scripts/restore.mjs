#!/usr/bin/env node
// `npm run restore -- <file> [--data <dir>]`: checks a backup made by `npm run backup` against its
// manifest, then puts it in place of the embedded data folder (DATA_DIR, default ./data). The folder
// it replaces is kept aside, renamed, never deleted. Refuses while Kora runs on that folder.
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from './lib/backup-archive.mjs';

const { values, positionals } = parseArgs({ options: { data: { type: 'string' } }, allowPositionals: true });
const dataDir = values.data ?? process.env.DATA_DIR ?? 'data';
if (positionals.length !== 1) {
  process.stderr.write('usage: npm run restore -- <backup.tar.gz> [--data <folder>]\n');
  process.exit(2);
}

try {
  const { manifest, keptAside } = await restoreBackup({ file: positionals[0], dataDir });
  process.stdout.write(
    `Restored ${dataDir}/ from ${positionals[0]} (made ${manifest.createdAt}, ${manifest.files.length} files, checked)\n`,
  );
  if (keptAside) process.stdout.write(`The folder it replaced is kept at ${keptAside}\n`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  process.stderr.write(`restore: ${err.message}\n`);
  process.exit(1);
}
