#!/usr/bin/env node
// `npm run soak`: faults under load in the DISTRIBUTED mode, on loopback only. Starts its own private
// PostgreSQL, Redis and Kafka (under .tmp/servers, never servers given by DATABASE_URL, REDIS_URL or
// KAFKA_BROKERS: the soak SIGKILLs them), a fresh database, topic and key prefix for this run, and
// every service, the web app and the gateway as processes; then tests/soak/main.ts runs the workload
// and the faults. Exits 1 when a check failed or the product did not recover.
//
//   SOAK_FAULTS=posts,kafka   only these faults, in this order (default: every service, the gateway,
//                             kafka, redis, postgres, video-worker)
//   SOAK_FAULT_SECONDS=4      workload seconds around each fault;  SOAK_DOWN_SECONDS=3  time down
//   SOAK_MEMBERS=24           members;  SOAK_SOCKETS=6  of them holding a live socket
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { ensureFfmpeg, ensureWebBuild } from './lib/build.mjs';
import { ROOT, pickPort, rmrf } from './lib/proc.mjs';
import { newRunId, openStageNamespace } from './lib/stage-namespace.mjs';

/**
 * The private PostgreSQL runs with synchronous_commit off (fast tests); a crash then loses the last
 * commits it had already acknowledged, which the soak's first runs showed. The soak's database
 * commits as production does (the default, on), so a lost write would be the product's.
 */
async function durableCommits(serverUrl, database) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`alter database ${database} set synchronous_commit = on`);
  } finally {
    await client.end();
  }
}

// Never someone else's servers: the soak kills what it runs.
for (const name of ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'SMTP_URL', 'KAFKA_TOPIC_PREFIX', 'REDIS_KEY_PREFIX'])
  delete process.env[name];

const { register } = await import('tsx/esm/api');
register();
const { soakConfig } = await import('../tests/soak/config.ts');
const config = soakConfig(process.env);

ensureWebBuild();
await ensureFfmpeg({ required: true });
const { startServers, stopServers } = await import('./servers.mjs');
const { startCluster } = await import('./run/cluster.mjs');
const { runSoak } = await import('../tests/soak/main.ts');

const logDir = path.join(ROOT, '.tmp', 'soak', 'logs');
const mediaDir = path.join(ROOT, '.tmp', 'soak', 'media');
rmrf(logDir);
rmrf(mediaDir);
const servers = await startServers({ fresh: true, setEnv: false });
let namespace;
let cluster;
let passed = false;
async function cleanUp() {
  await cluster?.stop().catch(() => {});
  await namespace?.close().catch(() => {});
  await stopServers({ only: servers.started, quiet: true }).catch(() => {});
  process.stdout.write(`[soak] logs: ${path.relative(ROOT, logDir)}/\n`);
}
// Stopped from outside (Ctrl-C, a time limit): leave no product or server behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    process.stdout.write(`[soak] ${signal}: stopping\n`);
    cleanUp().finally(() => process.exit(1));
  });
}
try {
  namespace = await openStageNamespace(servers.env, 'soak', newRunId());
  await durableCommits(servers.env.DATABASE_URL, new URL(namespace.env.DATABASE_URL).pathname.slice(1));
  const secrets = { INTERNAL_SECRET: randomBytes(24).toString('base64url'), ACCESS_TOKEN_SECRET: randomBytes(24).toString('base64url') };
  const productEnv = {
    ...namespace.env,
    MEDIA_DIR: mediaDir,
    // Members are made through sign-up and the activation mail in the dev outbox.
    MAIL_DEV_OUTBOX: 'true',
    // Top-ups go through the sandbox provider (local checkout, signed webhook).
    PAYMENTS_SANDBOX: 'on',
    PAYSTACK_SECRET_KEY: '',
    // Every member signs in from 127.0.0.1: lift the per-IP limits (tested in the gateway's own tests).
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE: '100000',
    ADDRESS_RATE_LIMIT_PER_MINUTE: '100000',
    SIGNUP_ADDRESSES_PER_HOUR: '100000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
  };
  const port = await pickPort('soak-gateway');
  process.stdout.write(
    `[soak] faults: ${config.faults.join(', ')}; ${config.faultSeconds} s of workload around each, ${config.downSeconds} s down; ${config.members} members\n`,
  );
  cluster = await startCluster({ port, servers: productEnv, secrets, logDir, logLevel: process.env.SOAK_LOG_LEVEL ?? 'warn' });
  passed = await runSoak({ cluster, config, databaseUrl: namespace.env.DATABASE_URL });
} catch (err) {
  process.stderr.write(`[soak] error: ${err?.stack ?? err}\n`);
} finally {
  await cleanUp();
}
process.exit(passed ? 0 : 1);
