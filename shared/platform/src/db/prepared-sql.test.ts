/**
 * preparedSql on PGlite (embedded) and, with KORA_TEST_TARGET=real, on PostgreSQL, where the
 * statement must be a named prepared statement: parsed once per connection, then only executed.
 */
import { createTestAdapters, type TestAdapters } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedSql } from './prepared-sql.js';

describe(`preparedSql (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let adapters: TestAdapters;
  const squares = preparedSql<{ from: number; to: number }>(
    sql`select n, n * n as square from generate_series(${sql.placeholder('from')}::int, ${sql.placeholder('to')}::int) as n order by n`,
  );

  beforeAll(async () => {
    adapters = await createTestAdapters();
  });

  afterAll(async () => {
    await adapters?.close();
  });

  it('answers the rows for the values given, call after call', async () => {
    const db = adapters.database.db;
    expect(await squares.rows(db, { from: 2, to: 4 })).toEqual([
      { n: 2, square: 4 },
      { n: 3, square: 9 },
      { n: 4, square: 16 },
    ]);
    expect(await squares.rows(db, { from: 7, to: 7 })).toEqual([{ n: 7, square: 49 }]);
  });

  it.runIf(process.env.KORA_TEST_TARGET === 'real')(
    'is one named prepared statement per PostgreSQL connection, never one per call',
    async () => {
      const db = adapters.database.db;
      interface Connection {
        query(text: string): Promise<{ rows: { statement: string }[] }>;
        release(): void;
      }
      const pool = (db as unknown as { $client: { connect(): Promise<Connection>; options: { max: number } } }).$client;
      for (let round = 0; round < 3; round++) {
        await Promise.all(Array.from({ length: 8 }, (_, i) => squares.rows(db, { from: i, to: i + 1 })));
      }
      // Every connection of the pool at once, each asked what it holds prepared.
      const connections = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
      try {
        const counts = await Promise.all(
          connections.map(
            async (c) =>
              (await c.query('select statement from pg_prepared_statements')).rows.filter((row) => row.statement === squares.text).length,
          ),
        );
        expect(Math.max(...counts)).toBe(1);
      } finally {
        for (const c of connections) c.release();
      }
    },
  );

  it("runs inside a transaction on the transaction's own connection: it sees the transaction's writes, and a rollback takes them back", async () => {
    const db = adapters.database.db;
    await db.execute(sql`create table if not exists prepared_sql_probe (n int primary key)`);
    const probe = preparedSql<{ n: number }>(sql`select count(*)::int as seen from prepared_sql_probe where n = ${sql.placeholder('n')}`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_sql_probe (n) values (41)`);
        // Only the transaction's own connection can see the row before the commit.
        expect(await probe.rows(tx, { n: 41 })).toEqual([{ seen: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await probe.rows(db, { n: 41 })).toEqual([{ seen: 0 }]);
    await db.execute(sql`drop table prepared_sql_probe`);
  });
});
