/**
 * `create-admin` as the command an operator runs on a fresh embedded install: three processes
 * against one folder of PGlite files. It forces the embedded database whatever the test target, so
 * it runs once, in the embedded stage's `product` project (vitest.config.ts), not again on the
 * real servers. The function behind it is tested on both targets in create-admin.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

it('creates, then finds, the first admin as a command against the embedded database files', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kora-admin-'));
  try {
    const env = { ...process.env, DB_DRIVER: 'pglite', PGLITE_DIR: dir, DATABASE_URL: '' };
    const cli = 'services/auth/src/cli/create-admin.ts';
    const args = ['--import', 'tsx', cli, '--email', 'root@kora.ng', '--username', 'root', '--password', 'correct horse battery'];
    const created = await run(process.execPath, args, { cwd: root, env });
    expect(created.stdout).toMatch(/^Created admin account #\d+ root <root@kora\.ng>/);
    const promoted = await run(process.execPath, ['--import', 'tsx', cli, '--email', 'root@kora.ng'], { cwd: root, env });
    expect(promoted.stdout).toMatch(/already an active admin/);
    const missing = await run(process.execPath, ['--import', 'tsx', cli, '--email', 'other@kora.ng'], { cwd: root, env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(missing).toMatchObject({ code: 65 });
    expect((missing as { stderr: string }).stderr).toMatch(/--username and --password/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Three processes, each compiling the CLI and starting PGlite with the auth migrations: about
  // 15 s alone, and past a minute on a 2-core machine busy with the stage's other files (a CI run
  // failed at 60 s). A guard against a hang, not a speed check.
}, 180_000);
