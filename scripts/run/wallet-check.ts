/**
 * `npm run wallet:check`: checks the wallet's ledger (services/wallet/src/ledger/check.ts) in the
 * configured database, as `npm run migrate` opens it: DATABASE_URL (PostgreSQL), or with DB_DRIVER=
 * pglite (the default without DATABASE_URL) the embedded data folder PGLITE_DIR (default
 * data/pglite; stop `npm start` first, PGlite allows one process at a time). Prints each problem
 * and exits 1 when there is any, 0 for a healthy ledger, 2 when the wallet's tables are missing.
 */
import { openPgliteClient, openPostgres, pgliteDatabase, type Database } from '@kora/platform';
import { createWalletService } from '@kora/wallet';
import { checkLedgerIn, describeProblem } from '@kora/wallet/ledger-check';

const driver = process.env.DB_DRIVER ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
let database: Database;
let closePglite: (() => Promise<void>) | null = null;
if (driver === 'postgres') {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is required with DB_DRIVER=postgres');
  database = openPostgres(process.env.DATABASE_URL, 1);
} else {
  const client = await openPgliteClient(process.env.PGLITE_DIR ?? 'data/pglite');
  database = pgliteDatabase(client);
  closePglite = () => client.close();
}

try {
  const report = await checkLedgerIn(database.db, createWalletService().schema);
  if (!report.present) {
    process.stdout.write(`wallet ledger: no ledger in schema "${createWalletService().schema}" (run npm run migrate first)\n`);
    process.exitCode = 2;
  } else {
    for (const p of report.problems) process.stdout.write(`problem: ${describeProblem(p)}\n`);
    const verdict = report.problems.length ? `${report.problems.length} problem(s)` : 'no problems';
    process.stdout.write(`wallet ledger: ${report.transactions} transactions, ${report.wallets} wallets checked, ${verdict}\n`);
    process.exitCode = report.problems.length ? 1 : 0;
  }
} finally {
  await database.close();
  await closePglite?.();
}
