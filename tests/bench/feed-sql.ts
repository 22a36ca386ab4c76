/**
 * The feed's SQL ceiling (`feed-sql`): every statement the posts service sends for one
 * `GET /api/posts` page, run straight on the same PostgreSQL by pgbench with 50 clients. Through
 * the gateway the same page adds the proxy, the service's own work and the answer's JSON; how close
 * the feed comes to this figure says how much of its cost is outside the database.
 *
 * The statements are captured from the service's own route: the posts service's Fastify app is
 * built in this process on a database handle that records every query (no relay, no consumers),
 * and asked for each member's first page as the gateway would ask. Each member's statements, their
 * parameters written in as literals, become one pgbench script; pgbench picks one per transaction.
 * Like the service, pgbench prepares the statements; the measured window starts after a warm-up in
 * which every client has prepared them (its length: size.ts).
 */
import {
  buildServiceApp,
  createLogger,
  loadConfig,
  MemoryEventBus,
  MemoryJobRunner,
  MemoryStore,
  platformTables,
  serviceEnvSchema,
  watchSiteSettings,
  type Db,
  type ServiceContext,
} from '@kora/platform';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { createPostsService } from '@kora/posts';
import { drizzle } from 'drizzle-orm/node-postgres';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBinDir } from '../../scripts/servers.mjs';
import { fromLatencies, type Scenario } from './scenario.js';

export interface Statement {
  sql: string;
  params: unknown[];
}

const DIR = path.resolve('.tmp/bench/feed-sql');

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A scalar parameter's text (a date as node-postgres writes it, anything else structured as JSON). */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return `"${scalarText(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A parameter as the SQL literal node-postgres would have sent it as. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return value < 0 ? `(${value})` : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value)) return quote(`{${value.map(arrayElement).join(',')}}`);
  if (typeof value === 'object') return quote(JSON.stringify(value));
  return quote(scalarText(value));
}

/**
 * pgbench reads `:name` as one of its variables even inside a string literal (the posts service's
 * `to_char(..., 'HH24:MI:SS')`), so such a colon is written as a concatenation PostgreSQL folds
 * into the same constant when it plans the statement: `'HH24' || ':' || 'MI'`.
 */
function shieldColons(sql: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'") inString = !inString; // '' (an escaped quote) flips twice: still inside
    if (inString && c === ':' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) out += "' || ':' || '";
    else out += c;
  }
  return out;
}

/** The statement with its `$n` placeholders replaced by literals, ending in `;` for pgbench. */
export function inline(statement: Statement): string {
  const text = shieldColons(statement.sql.replace(/\$(\d+)/g, (_, n: string) => literal(statement.params[Number(n) - 1])));
  return `${text.trim().replace(/;$/, '')};`;
}

/** Each member's statements for their first feed page, from the posts service's own route. */
export async function captureFeedStatements(databaseUrl: string, internalSecret: string, members: number[]): Promise<Statement[][]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  let recording: Statement[] = [];
  // Recorded at the pool, where every statement passes: drizzle's queries and the prepared ones
  // the service sends straight to the driver (platform prepared-sql.ts).
  const poolQuery = pool.query.bind(pool) as (config: string | pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
  pool.query = ((config: string | pg.QueryConfig, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    const params = values ?? (typeof config === 'string' ? [] : (config.values ?? []));
    recording.push({ sql: text, params });
    return poolQuery(config, values);
  }) as typeof pool.query;
  const db: Db = drizzle({ client: pool });
  const log = createLogger('bench-posts', 'warn');
  const bus = new MemoryEventBus(log);
  const siteSettings = await watchSiteSettings(bus, log, 'bench');
  const ctx: ServiceContext = {
    name: 'posts',
    schema: 'posts',
    // The service's environment parsed as a service process parses it: in-process bus, jobs and store.
    env: loadConfig(serviceEnvSchema, {
      INTERNAL_SECRET: internalSecret,
      DATABASE_URL: databaseUrl,
      EVENT_BUS: 'memory',
      JOB_RUNNER: 'memory',
      CACHE_STORE: 'memory',
    }),
    log,
    db,
    tables: platformTables('posts'),
    bus,
    jobs: new MemoryJobRunner(log),
    store: new MemoryStore(),
    siteSettings,
    callService: () => Promise.reject(new Error('no calls while capturing')),
    transact: () => Promise.reject(new Error('no writes while capturing')),
  };
  const app = await buildServiceApp(createPostsService(), ctx, {});
  try {
    const pages: Statement[][] = [];
    for (const userId of members) {
      recording = [];
      const res = await app.inject({
        method: 'GET',
        url: '/api/posts?limit=20',
        headers: { [IDENTITY_HEADER]: signIdentity({ userId, role: 'user', sessionId: `bench-${userId}` }, internalSecret) },
      });
      if (res.statusCode !== 200) throw new Error(`capturing the feed of ${userId}: ${res.statusCode} ${res.body}`);
      pages.push(recording);
    }
    return pages;
  } finally {
    await app.close();
    await siteSettings.stop();
    await pool.end();
  }
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}:\n${out}`))));
  });
}

/** One logged pgbench transaction: its latency in ms and when it ended (ms since the epoch). */
export interface LogEntry {
  latencyMs: number;
  endedAtMs: number;
}

/**
 * A pgbench transaction log line: `client transaction latency_us script epoch_s epoch_us`; null for
 * other lines.
 */
export function parseLogLine(line: string): LogEntry | null {
  const fields = line.trim().split(/\s+/);
  if (fields.length < 6) return null;
  const [latencyUs, epochS, epochUs] = [Number(fields[2]), Number(fields[4]), Number(fields[5])];
  if (![latencyUs, epochS, epochUs].every(Number.isFinite)) return null;
  return { latencyMs: latencyUs / 1000, endedAtMs: epochS * 1000 + epochUs / 1000 };
}

/** The transactions of pgbench's log lines, each line read once. */
export function logEntries(lines: Iterable<string>): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const line of lines) {
    const entry = parseLogLine(line);
    if (entry) entries.push(entry);
  }
  return entries;
}

/**
 * The latencies of the transactions that ended in the run's last `durationMs`, counted back from
 * the last one to end (that one included); none when nothing was logged.
 */
export function lastWindow(entries: readonly LogEntry[], durationMs: number): number[] {
  // A loop, not Math.max(...): a full run logs more transactions than a call takes arguments.
  let end = -Infinity;
  for (const entry of entries) if (entry.endedAtMs > end) end = entry.endedAtMs;
  return entries.filter((entry) => entry.endedAtMs > end - durationMs).map((entry) => entry.latencyMs);
}

/** From the first logged transaction's start to the last one's end. */
export function spanMs(entries: readonly LogEntry[]): number {
  let [start, end] = [Infinity, -Infinity];
  for (const entry of entries) {
    start = Math.min(start, entry.endedAtMs - entry.latencyMs);
    end = Math.max(end, entry.endedAtMs);
  }
  return entries.length ? end - start : 0;
}

/**
 * pgbench on `pages` (one script each) with `clients` connections: `warmUpMs`, then `durationMs`
 * measured; or, given `transactionsPerClient`, that many transactions per client, all measured.
 * The warm-up is long in the bench (size.ts): the posts service runs these statements as
 * named prepared statements (parsed and planned once per connection), so pgbench prepares them too;
 * each client prepares a page's statements the first time it draws that page, and with 100 pages
 * drawn at random that takes a client a few hundred transactions. Measured from the start, the
 * yardstick was mostly preparing (418 pages/s, against 699-784 unprepared, on the same machine).
 */
export async function runFeedSql(
  databaseUrl: string,
  pages: Statement[][],
  clients: number,
  { warmUpMs, durationMs, transactionsPerClient }: { warmUpMs: number; durationMs: number; transactionsPerClient?: number | null },
): Promise<Scenario> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const scripts = pages.map((statements, i) => {
    const file = path.join(DIR, `page-${i}.sql`);
    writeFileSync(file, `${statements.map(inline).join('\n')}\n`);
    return file;
  });
  const pgbench = path.join(findPostgresBinDir(), 'pgbench');
  const measuredSeconds = Math.max(1, Math.round(durationMs / 1000));
  const length = transactionsPerClient
    ? ['--transactions', String(transactionsPerClient)]
    : ['--time', String(Math.round(warmUpMs / 1000) + measuredSeconds)];
  const output = await run(pgbench, [
    '--no-vacuum',
    '--client',
    String(clients),
    '--jobs',
    '2',
    ...length,
    '--protocol',
    'prepared',
    ...scripts.flatMap((file) => ['--file', `${file}@1`]),
    '--log',
    '--log-prefix',
    path.join(DIR, 'latency'),
    databaseUrl,
  ]);
  const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
  const entries = logEntries(
    readdirSync(DIR)
      .filter((f) => f.startsWith('latency'))
      .flatMap((file) => readFileSync(path.join(DIR, file), 'utf8').split('\n')),
  );
  // The measured window is the run's last seconds, counted back from its last transaction: after the
  // warm-up on a quiet machine, and still holding the last transactions to end on a starved one,
  // where pgbench starts late and one transaction can outlast a short window.
  if (entries.length === 0) throw new Error(`pgbench logged no transaction:\n${output}`);
  // A run of counted transactions measures them all, over the time they took.
  const latencies = transactionsPerClient ? entries.map((entry) => entry.latencyMs) : lastWindow(entries, measuredSeconds * 1000);
  const seconds = transactionsPerClient ? Math.max(0.001, spanMs(entries) / 1000) : measuredSeconds;
  const scenario = fromLatencies('feed-sql', latencies, failed, seconds);
  return {
    ...scenario,
    notes: {
      statements_per_page: Math.round((pages.reduce((n, p) => n + p.length, 0) / pages.length) * 10) / 10,
      protocol: 'prepared',
      warmup_s: warmUpMs / 1000,
      // Warm-up included: what the CPU read around the whole run is divided by (feed.ts).
      transactions_total: entries.length,
    },
  };
}
