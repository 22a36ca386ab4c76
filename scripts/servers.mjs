#!/usr/bin/env node
// Private PostgreSQL, Redis and Kafka for tests and local runs, and OpenSearch and S3Proxy when
// asked for.
//
//   node scripts/servers.mjs start  [--only postgres,redis,kafka,opensearch,s3proxy] [--keep-data] [--quiet]
//   node scripts/servers.mjs stop   [--only ...]
//   node scripts/servers.mjs status [--only ...]
//
// For each server, an env var from the environment wins and nothing is started:
//   DATABASE_URL, REDIS_URL, KAFKA_BROKERS, OPENSEARCH_URL, S3_ENDPOINT.
// `start` without --only starts the first three: OpenSearch (posts search's second engine,
// decision 048) only runs for what names it (the `real` stage's search tests, its bench scenario),
// and so does S3Proxy (media on object storage, decision 051: the `real` stage's media tests); a
// private S3Proxy adds its fixed test identity to the env (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
// S3_REGION, S3_FORCE_PATH_STYLE).
// Otherwise a private instance runs on a non-standard loopback port under .tmp/servers/<name>/
// (git-ignored), so tests never touch a developer's real data. `start` writes the resulting env to
// .tmp/servers/env.json and prints KEY=value lines on stdout (progress goes to stderr), so
//   set -a; eval "$(node scripts/servers.mjs start)"; set +a
// exports them into a shell. `stop` only stops what this script started (pid files).
//
// Importable (e.g. from a vitest globalSetup):
//   import { startServers, stopServers } from '../scripts/servers.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTogether } from './lib/local-server.mjs';
import { postgresServer } from './lib/postgres.mjs';
import { redisServer } from './lib/redis.mjs';
import { kafkaServer } from './lib/kafka.mjs';
import { openSearchServer } from './lib/opensearch.mjs';
import { S3PROXY_CLIENT_ENV, s3ProxyServer } from './lib/s3proxy.mjs';
import { ENV_FILE, ROOT, elapsed, log, readJson, rmrf, setQuiet, warn, withLock, writeJson } from './lib/proc.mjs';

export { startPostgres, stopPostgres, postgresStatus, findPostgresBinDir } from './lib/postgres.mjs';
export { startRedis, stopRedis, redisStatus, redisPing } from './lib/redis.mjs';
export {
  startKafka,
  stopKafka,
  restartKafka,
  kafkaStatus,
  ensureKafkaJars,
  canRestartKafka,
  kafkaAuthListeners,
  KAFKA_VERSION,
  KAFKA_JARS_DIR,
} from './lib/kafka.mjs';
export { startOpenSearch, stopOpenSearch, openSearchStatus, ensureOpenSearchDistribution, OPENSEARCH_VERSION } from './lib/opensearch.mjs';
export { startS3Proxy, stopS3Proxy, s3ProxyStatus, ensureS3ProxyJar, S3PROXY_VERSION } from './lib/s3proxy.mjs';
export { ENV_FILE, SERVERS_DIR, setQuiet } from './lib/proc.mjs';

export const SERVER_NAMES = ['postgres', 'redis', 'kafka', 'opensearch', 's3proxy'];
/** What `start` runs when not told which. */
export const DEFAULT_SERVER_NAMES = ['postgres', 'redis', 'kafka'];

/** Each with the lifecycle of lib/local-server.mjs: env, status(), start(), stop(). */
const SERVERS = { postgres: postgresServer, redis: redisServer, kafka: kafkaServer, opensearch: openSearchServer, s3proxy: s3ProxyServer };

/** A server's variables: its address, and for our own S3Proxy the identity clients sign with. */
function envOf(name, url, status) {
  return { [SERVERS[name].env]: url, ...(name === 's3proxy' && status !== 'external' ? S3PROXY_CLIENT_ENV : {}) };
}

function normalizeOnly(only, fallback = SERVER_NAMES) {
  if (!only) return fallback;
  const list = (Array.isArray(only) ? only : String(only).split(',')).map((name) => name.trim().toLowerCase()).filter(Boolean);
  for (const name of list) {
    if (!SERVERS[name]) throw new Error(`unknown server "${name}" (expected ${SERVER_NAMES.join(', ')})`);
  }
  return SERVER_NAMES.filter((name) => list.includes(name));
}

/** Env of everything currently usable: external env vars and our running servers. */
function currentEnv() {
  const env = {};
  for (const name of SERVER_NAMES) {
    const status = SERVERS[name].status();
    if (status.url) Object.assign(env, envOf(name, status.url, status.status));
  }
  return env;
}

/** Contents of .tmp/servers/env.json ({DATABASE_URL?, REDIS_URL?, KAFKA_BROKERS?, OPENSEARCH_URL?, S3_*?}) or null. */
export function readServersEnv() {
  return readJson(ENV_FILE);
}

/**
 * Starts (or reuses) the servers, in parallel.
 * opts.only:    subset of ['postgres','redis','kafka','opensearch','s3proxy'] (array or comma string); default
 *               the first three
 * opts.fresh:   wipe the data of servers that are not already running (default true)
 * opts.setEnv:  also assign the resulting vars to process.env (default true)
 * opts.quiet:   no progress lines
 * opts.timeoutMs: { postgres?, redis?, kafka?, opensearch?, s3proxy? } readiness timeouts
 * Resolves { env, started, reused, external, servers }: env = {DATABASE_URL, REDIS_URL,
 * KAFKA_BROKERS} (only the requested ones), started/reused/external = server names.
 */
export async function startServers({ only, fresh = true, setEnv = true, quiet, timeoutMs = {} } = {}) {
  if (quiet !== undefined) setQuiet(quiet);
  const names = normalizeOnly(only, DEFAULT_SERVER_NAMES);
  const since = Date.now();
  return withLock(async () => {
    // Started in parallel: the JVM start dominates; installs (if any) are serialised internally.
    // On a failure, what this call started is stopped again.
    const servers = await startTogether(
      names.map((name) => SERVERS[name]),
      Object.fromEntries(names.map((name) => [name, { fresh, ...(timeoutMs[name] ? { timeoutMs: timeoutMs[name] } : {}) }])),
    );
    const env = {};
    for (const server of servers) Object.assign(env, envOf(server.name, server.url, server.status));
    writeJson(ENV_FILE, { ...currentEnv(), ...env });
    if (setEnv) Object.assign(process.env, env);
    const pick = (status) => servers.filter((s) => s.status === status).map((s) => s.name);
    log(`servers ready (${elapsed(since)})`);
    return { env, started: pick('started'), reused: pick('running'), external: pick('external'), servers };
  });
}

/**
 * Stops the servers this script started (found by their pid files / state), waits for them to exit.
 * Safe to call when nothing runs. opts.only as for startServers. Resolves the names stopped.
 */
export async function stopServers({ only, quiet } = {}) {
  if (quiet !== undefined) setQuiet(quiet);
  const names = normalizeOnly(only);
  return withLock(async () => {
    const results = await Promise.allSettled(names.map((name) => SERVERS[name].stop()));
    const stopped = [];
    const failures = [];
    results.forEach((result, i) => {
      if (result.status === 'rejected') failures.push(`${names[i]}: ${result.reason?.message ?? result.reason}`);
      else if (result.value) stopped.push(names[i]);
    });
    const env = currentEnv();
    // env.json lists only what is still usable.
    if (Object.keys(env).length && fs.existsSync(ENV_FILE)) writeJson(ENV_FILE, env);
    else rmrf(ENV_FILE);
    if (!stopped.length) log(`nothing to stop${names.length < SERVER_NAMES.length ? ` (${names.join(', ')})` : ''}`);
    if (failures.length) throw new Error(`could not stop servers\n${failures.join('\n')}`);
    return stopped;
  });
}

/** [{ name, status: 'running'|'stopped'|'external', url?, pid?, port?, logFile? }] */
export function serversStatus({ only } = {}) {
  return normalizeOnly(only).map((name) => SERVERS[name].status());
}

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const opts = { command: null, only: undefined, fresh: true, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') opts.only = argv[++i];
    else if (arg.startsWith('--only=')) opts.only = arg.slice('--only='.length);
    else if (arg === '--keep-data') opts.fresh = false;
    else if (arg === '--quiet' || arg === '-q') opts.quiet = true;
    else if (arg === '--help' || arg === '-h') opts.command = 'help';
    else if (!opts.command) opts.command = arg;
    else throw new Error(`unexpected argument "${arg}"`);
  }
  if (opts.only === undefined && argv.includes('--only')) throw new Error('--only needs a value');
  return opts;
}

const USAGE = `usage: node scripts/servers.mjs start|stop|status [--only postgres,redis,kafka,opensearch,s3proxy] [--keep-data] [--quiet]
  start   start (or reuse) private servers (without --only: postgres, redis, kafka); prints KEY=value lines, writes ${path.relative(ROOT, ENV_FILE)}
  stop    stop what this script started (safe to repeat)
  status  show what runs
  DATABASE_URL / REDIS_URL / KAFKA_BROKERS / OPENSEARCH_URL / S3_ENDPOINT in the environment replace the matching private server.
  --keep-data  on start, reuse the data of stopped servers instead of wiping it`;

async function main(argv) {
  const opts = parseArgs(argv);
  if (opts.quiet) setQuiet(true);
  switch (opts.command) {
    case 'start': {
      const { env } = await startServers({ only: opts.only, fresh: opts.fresh, setEnv: false });
      for (const [key, value] of Object.entries(env)) process.stdout.write(`${key}=${value}\n`);
      return 0;
    }
    case 'stop':
      await stopServers({ only: opts.only });
      return 0;
    case 'status': {
      for (const s of serversStatus({ only: opts.only })) {
        const details =
          s.status === 'running'
            ? `pid ${s.pid}  ${s.url}`
            : s.status === 'external'
              ? `${s.url} (from ${SERVERS[s.name].env}, not managed)`
              : '';
        process.stdout.write(`${s.name.padEnd(11)} ${s.status.padEnd(9)} ${details}`.trimEnd() + '\n');
      }
      return 0;
    }
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return 0;
    default:
      process.stderr.write(`${USAGE}\n`);
      return 2;
  }
}

function isMain() {
  try {
    return Boolean(process.argv[1]) && fs.realpathSync(process.argv[1]) === fs.realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}
if (isMain()) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      warn(`error: ${err.message}`);
      process.exit(1);
    },
  );
}
