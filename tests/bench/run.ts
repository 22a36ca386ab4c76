/**
 * `npm run bench`: starts the DISTRIBUTED product (one process per service, real PostgreSQL, Redis
 * and Kafka — from env or started privately), runs each scenario and prints requests/s and
 * latency percentiles. Figures depend on the machine: compare runs on the same one.
 * BENCH_DURATION_MS sets each scenario's length (default 10 s).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pickPort } from '../../scripts/lib/proc.mjs';
import { startCluster } from '../../scripts/run/cluster.mjs';
import { startServers, stopServers } from '../../scripts/servers.mjs';
import { benchGateway } from './gateway.js';
import { benchSignIn } from './signin.js';
import type { LoadResult } from './load.js';

const durationMs = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const secrets = { INTERNAL_SECRET: randomBytes(24).toString('base64url'), ACCESS_TOKEN_SECRET: randomBytes(24).toString('base64url') };
// The bench is one client IP sending far more than a member would: lift the per-IP limit.
process.env.RATE_LIMIT_PER_MINUTE = '100000000';
process.env.AUTH_RATE_LIMIT_PER_MINUTE = '100000000';

const servers = await startServers({ fresh: true, setEnv: false });
const port = await pickPort('bench-gateway');
const cluster = await startCluster({ port, servers: servers.env, secrets, logLevel: 'warn', logDir: path.resolve('.tmp/bench/logs') });
const results: LoadResult[] = [];
try {
  results.push(...(await benchGateway({ gatewayUrl: `http://127.0.0.1:${port}`, authUrl: cluster.upstreams.auth!, secrets, durationMs })));
  results.push(await benchSignIn(`http://127.0.0.1:${port}`, servers.env.DATABASE_URL!, durationMs));
} finally {
  await cluster.stop();
  await stopServers({ only: servers.started, quiet: true });
}

const table = results.map((r) => ({ scenario: r.name, 'req/s': r.rps, 'p50 ms': r.p50, 'p90 ms': r.p90, 'p99 ms': r.p99, requests: r.requests, errors: r.errors }));
console.table(table);
mkdirSync('.tmp/bench', { recursive: true });
writeFileSync('.tmp/bench/results.json', JSON.stringify({ at: new Date().toISOString(), durationMs, results }, null, 2));
if (results.some((r) => r.errors > 0)) {
  console.error('Some requests failed: see .tmp/bench/logs');
  process.exit(1);
}
