/**
 * A hot read built once and run many times. Drizzle renders a `sql` template into text and
 * parameters on every call (walking the template and checking each part's kind), which under load
 * was about a fifth of the posts service's CPU on the feed (docs/performance.md). Here the template
 * is rendered once, with named placeholders (`sql.placeholder('viewer')`) where the values go, and
 * each call fills them in and hands text and values straight to the driver: node-postgres's pool
 * and PGlite both answer `query(text, values)` with `{ rows }`.
 *
 * Only for reads on the service's own pool (never inside a transaction: the statement would not
 * run on the transaction's connection).
 */
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';

const dialect = new PgDialect();

interface QueryClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface PreparedSql<V extends Record<string, unknown>> {
  /** The statement as the driver receives it. */
  readonly text: string;
  /** Runs it on `db`'s own client with `values` in the placeholders; answers the rows. */
  rows<T>(db: Db, values: V): Promise<T[]>;
}

export function preparedSql<V extends Record<string, unknown>>(query: SQL): PreparedSql<V> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    text,
    async rows<T>(db: Db, values: V): Promise<T[]> {
      const client = (db as unknown as { $client: QueryClient }).$client;
      const result = await client.query(text, fillPlaceholders(params, values));
      return result.rows as T[];
    },
  };
}
