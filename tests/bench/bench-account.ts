/**
 * An activated account for a bench scenario, made with auth's own command (as an operator makes the
 * first admin) on the bench's database.
 */
import { spawnSync } from 'node:child_process';

export interface BenchAccount {
  email: string;
  username: string;
  password: string;
}

export function createBenchAccount(databaseUrl: string, account: BenchAccount): void {
  const created = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'services/auth/src/cli/create-admin.ts',
      '--email',
      account.email,
      '--username',
      account.username,
      '--password',
      account.password,
    ],
    { env: { ...process.env, DATABASE_URL: databaseUrl, DB_DRIVER: 'postgres' }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`create-admin failed: ${created.stderr || created.stdout}`);
}
