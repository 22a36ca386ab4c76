/**
 * A hot read built once and run many times. Drizzle renders a `sql` template into text and
 * parameters on every call (walking the template and checking each part's kind), which under load
 * was about a fifth of the posts service's CPU on the feed (docs/performance.md). Here the template
 * is rendered once, with named placeholders (`sql.placeholder('viewer')`) where the values go, and
 * each call fills them in and hands text and values straight to the driver: node-postgres's pool
 * and PGlite both answer `query(text, values)` with `{ rows }`.
 *
 * On PostgreSQL the statement is also a named prepared statement: each pooled connection parses it
 * once and then only binds and executes it (PostgreSQL's own CPU was the largest share of a feed
 * request: docs/performance.md). PGlite runs one connection in-process and takes the text each time.
 *
 * On the service's pool, or inside a transaction (`tx`): then it runs on the transaction's own
 * connection, so a hot write path gets the same saving (decision 040).
 */
import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.js';

const dialect = new PgDialect();

interface QueryClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** node-postgres's Pool (and Client) also take a query config with a statement name. */
interface NamedQueryClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** node-postgres's pool (its own counters) or one of its connections (its connection parameters), not PGlite. */
function takesNamedStatements(client: object): client is NamedQueryClient {
  return ('totalCount' in client && 'idleCount' in client) || 'connectionParameters' in client;
}

/**
 * The driver's client under `db`: the pool (or PGlite) for the database, the transaction's
 * connection for a transaction (drizzle keeps it on the transaction's session).
 */
function clientOf(db: DbOrTx): QueryClient & object {
  const database = db as unknown as { $client?: QueryClient & object; session?: { client?: QueryClient & object } };
  const client = database.$client ?? database.session?.client;
  if (!client) throw new Error('preparedSql: no driver client under this database or transaction');
  return client;
}

export interface PreparedSql<V extends Record<string, unknown>> {
  /** The statement as the driver receives it. */
  readonly text: string;
  /** Runs it on `db`'s own client (or the transaction's connection) with `values` in the placeholders; answers the rows. */
  rows<T>(db: DbOrTx, values: V): Promise<T[]>;
}

export function preparedSql<V extends Record<string, unknown>>(query: SQL): PreparedSql<V> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // The same text always gets the same name, so two instances of a statement share one preparation.
  const name = `kora_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return {
    text,
    async rows<T>(db: DbOrTx, values: V): Promise<T[]> {
      const client = clientOf(db);
      const filled = fillPlaceholders(params, values);
      const result = takesNamedStatements(client) ? await client.query({ name, text, values: filled }) : await client.query(text, filled);
      return result.rows as T[];
    },
  };
}
