/**
 * The database port. Both engines are real PostgreSQL: a PostgreSQL server through node-postgres
 * (distributed mode) or PGlite, Postgres compiled to WebAssembly, in-process (embedded mode). Services
 * get a Drizzle instance and never know which one is behind it.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { durableFolderOptions, embeddedSyncSetting, holdsNoCluster, syncFolderTree, type EmbeddedSync } from './embedded-sync.js';
import { activeTracing } from '../tracing/tracing.js';
import { pgliteParsers } from './int8.js';
import { traceStatements } from './statement-spans.js';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction handle; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Raw SQL access for migrations: multi-statement scripts inside one transaction. */
export interface RawTransaction {
  exec(script: string): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * A transaction in two round trips, for a hot path that reads, acts outside the database and then
 * writes (the outbox relay, decision 050): BEGIN travels with the first statement and COMMIT with
 * the last, each pair as one simple-protocol message. Such statements carry no parameters: only text
 * the caller builds from values it trusts (numbers, its own identifiers) may go in.
 */
export interface TwoTrips {
  /** BEGIN and `statement`; answers its rows. Called once, first. */
  open<T>(statement: string): Promise<T[]>;
  /** `statement` (when given) and COMMIT. A transaction `fn` leaves open is committed after it. */
  close(statement?: string): Promise<void>;
}

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  rawTransaction<T>(fn: (raw: RawTransaction) => Promise<T>): Promise<T>;
  /** Runs `fn` as a two-trip transaction; if it throws, what it did is rolled back. */
  twoTripTransaction<T>(fn: (trips: TwoTrips) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's state now, for the metrics (decision 052); PGlite has no pool. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, and of them those idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export { rowsOf } from './rows.js';

/**
 * Every service's sessions run without PostgreSQL's JIT (decision 047): our statements are short,
 * and where a plan's cost estimate crossed `jit_above_cost` the compilation took ten times the
 * statement's own work. A URL that sets `options` itself wins (node-postgres reads it last).
 */
export const SESSION_OPTIONS = '-c jit=off';

/**
 * A pool of `poolSize` connections. A query that finds them all busy waits up to `waitMs` for one,
 * then fails as a dependency outage (503): by default under the gateway's 15 s upstream timeout, so
 * the member gets that clear answer rather than the gateway's 504.
 */
export function openPostgres(url: string, poolSize = 10, waitMs = 10_000): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: waitMs,
    options: SESSION_OPTIONS,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  // Nor a checked-out one (in a transaction, between two queries): pg emits its 'error' on the client,
  // and without a listener that is an uncaught exception. The next query on it fails and is handled.
  // `npm run soak` found it: a PostgreSQL crash took posts and notifications down for good.
  pool.on('connect', (client) => void client.on('error', () => {}));
  const tracing = activeTracing();
  if (tracing) traceStatements(pool, tracing);
  return {
    kind: 'postgres',
    db: drizzlePg(pool),
    async rawTransaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (script) => void (await client.query(script)),
          // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- the caller names the row type of its raw SQL
          query: async (text, params) => (await client.query(text, params as unknown[])).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async twoTripTransaction(fn) {
      const client = await pool.connect();
      let open = false;
      try {
        const result = await fn({
          async open<T>(statement: string) {
            open = true;
            // Two statements in one message: node-postgres answers one result for each.
            const [, answer] = (await client.query(`begin; ${statement}`)) as unknown as [pg.QueryResult, pg.QueryResult];
            return answer.rows as T[];
          },
          async close(statement) {
            await client.query(statement ? `${statement}; commit` : 'commit');
            open = false;
          },
        });
        if (open) await client.query('commit');
        return result;
      } catch (err) {
        // A failed statement in a message skips the rest of it (its COMMIT too): the transaction is still open.
        if (open) await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Opens (or creates) the embedded database under `dir`; one instance serves every service schema.
 * It carries the contrib extensions the migrations create (search-text.ts): PGlite only offers
 * those handed to it here. `template`, a cluster saved with `dumpDataDir`, is where a new database
 * starts from instead of running initdb (the tests' fresh in-memory databases: pglite-template.ts).
 * On a folder, a commit is on disk before it is acknowledged unless `sync` is off (decision 055).
 */
export async function openPgliteClient(dir: string | null, template?: Blob, sync: EmbeddedSync = embeddedSyncSetting()): Promise<PGlite> {
  if (dir) mkdirSync(dir, { recursive: true });
  const durable = dir !== null && sync === 'on';
  const creating = durable && holdsNoCluster(dir);
  const options = {
    parsers: pgliteParsers,
    extensions: { pg_trgm, unaccent },
    ...(template ? { loadDataDir: template } : {}),
    ...(durable ? durableFolderOptions(dir) : {}),
  };
  const client = dir ? new PGlite(dir, options) : new PGlite(options);
  await client.waitReady;
  if (creating) await syncFolderTree(dir);
  return client;
}

/**
 * A service's handle on the shared PGlite instance. Closing it does not close the instance: the
 * embedded launcher owns that.
 */
export function pgliteDatabase(client: PGlite): Database {
  return {
    kind: 'pglite',
    db: drizzlePglite(client),
    rawTransaction(fn) {
      return client.transaction((tx) =>
        fn({
          exec: async (script) => void (await tx.exec(script)),
          query: async (text, params) => (await tx.query(text, params as unknown[])).rows as never,
        }),
      );
    },
    // One process, no round trips: the same statements, each on the transaction PGlite holds.
    twoTripTransaction(fn) {
      return client.transaction((tx) =>
        fn({
          async open<T>(statement: string) {
            return (await tx.query(statement)).rows as T[];
          },
          async close(statement) {
            if (statement) await tx.exec(statement);
          },
        }),
      );
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {},
  };
}
