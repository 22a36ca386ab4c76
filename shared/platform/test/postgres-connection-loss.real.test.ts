/**
 * A connection PostgreSQL drops (a crash, a failover, a terminated backend) while a service holds it
 * in a transaction must fail that transaction, not the process: pg emits the loss as an 'error'
 * event on the checked-out client, which is an uncaught exception without a listener
 * (docs/reliability.md, the soak's findings).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database.js';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL connection loss', () => {
  it('fails the transaction on the dropped connection and keeps serving', async () => {
    const database = openPostgres(url!, 2);
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', record);
    try {
      const failed = database.rawTransaction(async (tx) => {
        const [{ pid }] = (await tx.query('select pg_backend_pid() as pid')) as [{ pid: number }];
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 300)); // the loss arrives between two queries
        await tx.query('select 1');
      });
      await expect(failed).rejects.toThrow();
      expect(uncaught).toEqual([]);
      await database.ping(); // a fresh connection serves again
    } finally {
      process.off('uncaughtException', record);
      await database.close();
    }
  });
});
