/**
 * `npm run bench`: starts the DISTRIBUTED product (one process per service, real PostgreSQL, Redis
 * and Kafka — from env or started privately), runs each scenario and prints requests/s and
 * latency percentiles. Figures depend on the machine: compare runs on the same one.
 * BENCH_DURATION_MS sets each scenario's length (default 10 s); BENCH_SCENARIOS=gateway,signin,feed,sockets
 * picks some (default all).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pickPort } from '../../scripts/lib/proc.mjs';
import { startCluster } from '../../scripts/run/cluster.mjs';
import { startServers, stopServers } from '../../scripts/servers.mjs';
import { benchFeed } from './feed.js';
import { benchGateway } from './gateway.js';
import { benchSignIn } from './signin.js';
import { benchSockets, type SocketBenchResult } from './sockets.js';
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
const wanted = (name: string) => !process.env.BENCH_SCENARIOS || process.env.BENCH_SCENARIOS.split(',').includes(name);
let feedPlan = '';
let sockets: SocketBenchResult['sockets'] | undefined;
try {
  if (wanted('gateway')) results.push(...(await benchGateway({ gatewayUrl: `http://127.0.0.1:${port}`, authUrl: cluster.upstreams.auth!, secrets, durationMs })));
  if (wanted('signin')) results.push(await benchSignIn(`http://127.0.0.1:${port}`, servers.env.DATABASE_URL!, durationMs));
  const feed = !wanted('feed') ? null : await benchFeed({
    gatewayUrl: `http://127.0.0.1:${port}`,
    databaseUrl: servers.env.DATABASE_URL!,
    kafkaBrokers: servers.env.KAFKA_BROKERS!,
    accessTokenSecret: secrets.ACCESS_TOKEN_SECRET,
    durationMs,
  });
  results.push(...(feed?.results ?? []));
  feedPlan = feed?.plan ?? '';
  const live = !wanted('sockets') ? null : await benchSockets({
    gatewayUrl: `http://127.0.0.1:${port}`,
    notificationsUrl: cluster.upstreams.notifications!,
    notificationsPid: cluster.pidOf('notifications')!,
    secrets,
  });
  results.push(...(live?.results ?? []));
  sockets = live?.sockets;
} finally {
  await cluster.stop();
  await stopServers({ only: servers.started, quiet: true });
}

const table = results.map((r) => ({ scenario: r.name, 'req/s': r.rps, 'p50 ms': r.p50, 'p90 ms': r.p90, 'p99 ms': r.p99, requests: r.requests, errors: r.errors }));
console.table(table);
if (sockets) console.log(`\nSockets held by one notifications instance: ${JSON.stringify(sockets)}`);
if (feedPlan) console.log(`\nFeed page query plan (one member, first page):\n${feedPlan}\n`);
mkdirSync('.tmp/bench', { recursive: true });
writeFileSync('.tmp/bench/results.json', JSON.stringify({ at: new Date().toISOString(), durationMs, results, sockets, feedPlan }, null, 2));
if (results.some((r) => r.errors > 0)) {
  console.error('Some requests failed: see .tmp/bench/logs');
  process.exit(1);
}
