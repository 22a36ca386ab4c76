/**
 * `npm run bench`: starts the DISTRIBUTED product (one process per service, real PostgreSQL, Redis
 * and Kafka — from env or started privately), runs each scenario, prints the tables and writes
 * the figures as JSON to BENCH_OUT (default .tmp/bench/results.json). Every goal is a ratio or a
 * latency measured in the same run as its yardstick (nginx, a bare Node proxy, pgbench on the same
 * SQL), because the machines are shared and noisy. Nothing here is asserted: a slow run is a
 * finding, not a failure; only failed requests make the command fail. Before each scenario the
 * bench waits until the services have worked off every event sent so far (backlog.ts): every
 * running consumer group caught up, every outbox published; then PostgreSQL's housekeeping is
 * done (database-upkeep.ts: VACUUM (ANALYZE), CHECKPOINT).
 *
 * BENCH_REUSE=1 keeps the private servers' data from the previous run (the feed's seed is reused).
 * BENCH_DURATION_MS: each scenario's length (default 10 s). BENCH_ROUNDS: runs of the gateway
 * comparison, median kept (default 5). BENCH_SCENARIOS=gateway,signin,feed,web,settings,groups,search,reels,sockets,webhooks picks some.
 * The wallet's card payments go to a fake Paystack started here (scripts/lib/fake-paystack.mjs).
 * BENCH_SOCKETS: sockets asked of one notifications instance (default 50,000; sockets.ts says how they are spread).
 * BENCH_REELS_RPS: the reels feed's offered rate (default 100/s).
 * BENCH_GROUPS_RPS: the groups search's offered rate (default 100/s).
 * BENCH_PROFILE=gateway,posts,bare-proxy profiles those processes over each measured scenario
 * (profiler.ts; read them with tests/bench/profile-summary.mjs). BENCH_LOG_LEVEL sets the product's log level
 * (default info, as in production: every request is logged).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pickPort } from '../../scripts/lib/proc.mjs';
import { SERVICE_NAMES, startCluster } from '../../scripts/run/cluster.mjs';
import { startServers, stopServers } from '../../scripts/servers.mjs';
import { describeBacklog, openBacklogProbe, untilSettled, type BacklogProbe } from './backlog.js';
import { settleDatabase } from './database-upkeep.js';
import { befriend, benchFeed } from './feed.js';
import { benchGroupsSearch } from './groups-search.js';
import { profilersFor } from './profiler.js';
import { benchReelVideo } from './reel-video.js';
import { benchReelsFeed } from './reels-feed.js';
import { benchSearch } from './search.js';
import { benchGateway, type GatewayBenchResult } from './gateway.js';
import type { Scenario } from './scenario.js';
import { benchSettingsPropagation } from './settings-propagation.js';
import { benchSignIn } from './signin.js';
import { NODE_REPORT_ARGS } from './socket-heap.js';
import { benchSockets, type SocketBenchResult } from './sockets.js';
import { benchWebTtfb, measureWebJs, signedInMember, untilFeedShows } from './web.js';
import { benchWebhooks } from './webhooks.js';
import { startFakePaystack } from '../../scripts/lib/fake-paystack.mjs';

const durationMs = Number(process.env.BENCH_DURATION_MS ?? 10_000);
// Five interleaved rounds: single rounds of the gateway comparison differ by up to a tenth on these machines.
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const out = path.resolve(process.env.BENCH_OUT ?? '.tmp/bench/results.json');
const secrets = { INTERNAL_SECRET: randomBytes(24).toString('base64url'), ACCESS_TOKEN_SECRET: randomBytes(24).toString('base64url') };
// The bench is one client IP sending far more than a member would: lift the per-IP limit.
process.env.RATE_LIMIT_PER_MINUTE = '100000000';
process.env.AUTH_RATE_LIMIT_PER_MINUTE = '100000000';
process.env.PAYMENT_RATE_LIMIT_PER_MINUTE = '100000000';
/** A fresh seed's backlog took about a minute to work off on a 2-core machine: ten is a hang, not a wait. */
const SETTLE_TIMEOUT_MS = 10 * 60_000;
const wanted = (name: string) => !process.env.BENCH_SCENARIOS || process.env.BENCH_SCENARIOS.split(',').includes(name);

/**
 * Waits until the services have worked off every event sent so far (backlog.ts), then has
 * PostgreSQL do its deferred housekeeping (database-upkeep.ts): nothing is measured while
 * consumers, relays, autovacuum or the checkpointer still compete for the same two cores.
 */
function settler(probe: BacklogProbe, databaseUrl: string) {
  return async (before: string) => {
    const waitedMs = await untilSettled(probe, SETTLE_TIMEOUT_MS, (left) =>
      process.stdout.write(`bench: before ${before}, the services still work off: ${describeBacklog(left)}\n`),
    );
    if (waitedMs > 2_000) process.stdout.write(`bench: waited ${(waitedMs / 1000).toFixed(1)} s for the event backlog before ${before}\n`);
    const upkeepMs = await settleDatabase(databaseUrl);
    if (upkeepMs > 2_000) process.stdout.write(`bench: VACUUM (ANALYZE) and CHECKPOINT took ${(upkeepMs / 1000).toFixed(1)} s before ${before}\n`);
  };
}

const scenarios: Scenario[] = [];
let feedPlan = '';
let groupsPlan = '';
let gateway: GatewayBenchResult | undefined;
let sockets: SocketBenchResult['sockets'] | undefined;
let web: Awaited<ReturnType<typeof measureWebJs>> | undefined;
let reelVideoRatio: number | null = null;

// Whatever fails, the servers and processes this run started are stopped.
const servers = await startServers({ fresh: process.env.BENCH_REUSE !== '1', setEnv: false });
let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
let backlog: BacklogProbe | undefined;
let failure: unknown;
// Card payments in the bench go to a fake Paystack (the webhooks scenario signs with its key).
const paystack = await startFakePaystack();
try {
  const port = await pickPort('bench-gateway');
  const gatewayUrl = `http://127.0.0.1:${port}`;
  const profilers = await profilersFor(process.env.BENCH_PROFILE?.split(',').filter(Boolean) ?? []);
  const { nodeArgs } = profilers;
  // The socket scenario reads the notifications instance's heap through Node's report (socket-heap.ts).
  if (wanted('sockets')) nodeArgs.notifications = [...(nodeArgs.notifications ?? []), ...NODE_REPORT_ARGS];
  cluster = await startCluster({
    port,
    servers: { ...servers.env, PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
    secrets,
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    logDir: path.resolve('.tmp/bench/logs'),
    nodeArgs,
  });
  backlog = await openBacklogProbe(servers.env.KAFKA_BROKERS!, servers.env.DATABASE_URL!);
  const settle = settler(backlog, servers.env.DATABASE_URL!);
  await settle('the first scenario');
  if (wanted('gateway')) {
    const bareProxyArgs = nodeArgs['bare-proxy'];
    const pids = { gateway: cluster.pidOf('gateway'), auth: cluster.pidOf('auth') };
    gateway = await benchGateway({ gatewayUrl, authUrl: cluster.upstreams.auth!, secrets, durationMs, rounds, bareProxyArgs, profilers, pids });
    scenarios.push(...gateway.scenarios);
  }
  if (wanted('signin')) {
    await settle('signin');
    scenarios.push(await benchSignIn(gatewayUrl, servers.env.DATABASE_URL!, durationMs));
  }
  let feedMembers: number[] = [];
  if (wanted('feed')) {
    const feed = await benchFeed({
      gatewayUrl,
      databaseUrl: servers.env.DATABASE_URL!,
      kafkaBrokers: servers.env.KAFKA_BROKERS!,
      accessTokenSecret: secrets.ACCESS_TOKEN_SECRET,
      internalSecret: secrets.INTERNAL_SECRET,
      durationMs,
      profilers,
      pids: {
        ...Object.fromEntries([...SERVICE_NAMES, 'web', 'gateway'].map((name) => [name, cluster!.pidOf(name)])),
        kafka: servers.servers.find((s) => s.name === 'kafka')?.pid,
      },
      postmaster: servers.servers.find((s) => s.name === 'postgres')?.pid,
      settle,
    });
    scenarios.push(...feed.results);
    feedPlan = feed.plan;
    feedMembers = feed.members;
  }
  if (wanted('web')) {
    // A real member whose feed shows twenty friends' posts, when the feed was seeded.
    const { userId, token } = await signedInMember(gatewayUrl, servers.env.DATABASE_URL!);
    if (feedMembers.length) {
      await befriend(servers.env.KAFKA_BROKERS!, userId, feedMembers.slice(0, 20));
      await untilFeedShows(gatewayUrl, token);
    }
    await settle('web');
    scenarios.push(await benchWebTtfb({ gatewayUrl, token, durationMs }));
    web = await measureWebJs({ gatewayUrl, token, durationMs });
  }
  if (wanted('settings')) {
    await settle('settings');
    scenarios.push(...(await benchSettingsPropagation(gatewayUrl, servers.env.DATABASE_URL!)));
  }
  if (wanted('groups')) {
    const groups = await benchGroupsSearch({
      gatewayUrl,
      databaseUrl: servers.env.DATABASE_URL!,
      accessTokenSecret: secrets.ACCESS_TOKEN_SECRET,
      durationMs,
      settle,
    });
    scenarios.push(...groups.results);
    groupsPlan = groups.plan;
  }
  if (wanted('search')) {
    const search = await benchSearch({
      gatewayUrl,
      databaseUrl: servers.env.DATABASE_URL!,
      accessTokenSecret: secrets.ACCESS_TOKEN_SECRET,
      durationMs,
      settle,
    });
    scenarios.push(...search.results);
    console.log(`\nPosts search query plan (a common word, first page):\n${search.plan}\n`);
  }
  if (wanted('reels')) {
    // A reel's video through the real worker path vs bare ffmpeg with the same settings (reel-video.ts).
    const reel = await benchReelVideo({ gatewayUrl, accessTokenSecret: secrets.ACCESS_TOKEN_SECRET, settle });
    scenarios.push(...reel.results);
    reelVideoRatio = reel.ratio;
    // The reels feed's first and next page through the gateway over 5,000 reels (reels-feed.ts).
    scenarios.push(
      ...(await benchReelsFeed({ gatewayUrl, databaseUrl: servers.env.DATABASE_URL!, accessTokenSecret: secrets.ACCESS_TOKEN_SECRET, durationMs, settle })),
    );
  }
  if (wanted('sockets')) {
    await settle('sockets');
    const live = await benchSockets({
      gatewayUrl,
      notificationsUrl: cluster.upstreams.notifications!,
      notificationsPid: cluster.pidOf('notifications')!,
      secrets,
      profilers,
    });
    scenarios.push(...live.results);
    sockets = live.sockets;
  }
  if (wanted('webhooks')) {
    scenarios.push(...(await benchWebhooks({ gatewayUrl, databaseUrl: servers.env.DATABASE_URL!, paystack, durationMs, settle })));
  }
} catch (error) {
  failure = error;
} finally {
  await paystack.close();
  await backlog?.close();
  await cluster?.stop();
  await stopServers({ only: servers.started, quiet: true });
}
if (failure) {
  console.error(failure);
  process.exit(1);
}

const rps = (name: string) => scenarios.find((s) => s.name === name)?.rps;
const ratio = (a?: number, b?: number) => (a && b ? Math.round((a / b) * 1000) / 1000 : null);
const ratios = {
  gateway_vs_direct: gateway?.ratios.gateway_vs_direct ?? null,
  nginx_vs_direct: gateway?.ratios.nginx_vs_direct ?? null,
  bare_proxy_vs_direct: gateway?.ratios.bare_proxy_vs_direct ?? null,
  gateway_vs_bare_proxy: gateway?.ratios.gateway_vs_bare_proxy ?? null,
  feed_vs_sql: ratio(rps('feed'), rps('feed-sql')),
  reel_worker_vs_bare_ffmpeg: reelVideoRatio,
};
const p = (name: string, key: 'p50_ms' | 'p99_ms') => scenarios.find((s) => s.name === name)?.[key];
const goals = {
  'gateway at or above nginx ratio (or >= 0.9 of bare-proxy)':
    ratios.gateway_vs_direct === null ? null : ratios.gateway_vs_direct >= (ratios.nginx_vs_direct ?? 0) || (ratios.gateway_vs_bare_proxy ?? 0) >= 0.9,
  'feed >= 0.5 of feed-sql': ratios.feed_vs_sql === null ? null : ratios.feed_vs_sql >= 0.5,
  '50,000 sockets held by one notifications instance': sockets ? sockets.opened >= 50_000 : null,
  'like-to-socket p99 < 100 ms while they are open': p('like-to-socket', 'p99_ms') === undefined ? null : p('like-to-socket', 'p99_ms')! < 100,
  'feed-200rps p99 < 25 ms': p('feed-200rps', 'p99_ms') === undefined ? null : p('feed-200rps', 'p99_ms')! < 25,
  'web TTFB p50 < 100 ms': p('web-ttfb', 'p50_ms') === undefined ? null : p('web-ttfb', 'p50_ms')! < 100,
  'web first-load JS < 150 KB': web ? web.jsBytes < 150 * 1024 : null,
  'reel video worker <= 1.2x bare ffmpeg': reelVideoRatio === null ? null : reelVideoRatio <= 1.2,
};

console.table(scenarios.map((s) => ({ scenario: s.name, 'req/s': s.rps, 'p50 ms': s.p50_ms, 'p90 ms': s.p90_ms, 'p99 ms': s.p99_ms, errors: s.errors })));
if (gateway) console.table(gateway.rounds);
console.table(ratios);
for (const s of scenarios.filter((x) => x.notes)) console.log(`${s.name}: ${JSON.stringify(s.notes)}`);
if (web)
  console.log(
    `\nHome feed, first load: ${(web.jsBytes / 1024).toFixed(1)} KB of JavaScript in ${web.jsFiles} files (as transferred), ${(web.totalBytes / 1024).toFixed(
      1,
    )} KB in all`,
  );
console.log('\nGoals:');
for (const [goal, met] of Object.entries(goals)) console.log(`  ${met === null ? 'not measured' : met ? 'met    ' : 'NOT met'}  ${goal}`);
if (sockets) {
  const s = sockets;
  console.log(
    `\nSockets on one notifications instance: ${s.opened} opened of ${s.asked} asked (${s.failed} failed) by ${
      s.clientProcesses
    } client processes from ${s.sourceAddresses.join(', ')} in ${s.openSeconds} s`,
  );
  console.log(
    `  open-files limit ${s.fileLimit.soft} (hard ${s.fileLimit.hard}); the instance held ${s.openFilesBefore} files before, ${s.openFilesAfter} after`,
  );
  if (s.stoppedBecause) console.log(`  stopped short: ${s.stoppedBecause}`);
  console.log(
    `  RSS ${s.rssBeforeMb} -> ${s.rssAfterMb} MB: ${s.kbPerSocket} KB per socket; heap ${s.heapBeforeMb} -> ${s.heapAfterMb} MB: ${s.heapKbPerSocket} KB per socket`,
  );
  console.log(
    `  still open after the likes: ${s.heldAfterLikes}; the instance's /healthz round trip meanwhile p50 ${s.healthzP50Ms} ms, p99 ${s.healthzP99Ms} ms, max ${s.healthzMaxMs} ms`,
  );
}
if (feedPlan) console.log(`\nFeed page query plan (one member, first page):\n${feedPlan}\n`);
if (groupsPlan) console.log(`\nGroups discover search query plan (a common word, first page):\n${groupsPlan}\n`);

mkdirSync(path.dirname(out), { recursive: true });
const machine = { cpus: availableParallelism(), node: process.version };
writeFileSync(
  out,
  JSON.stringify(
    { at: new Date().toISOString(), machine, durationMs, rounds, scenarios, ratios, gatewayRounds: gateway?.rounds, goals, web, sockets, feedPlan, groupsPlan },
    null,
    2,
  ),
);
console.log(`\nFigures written to ${path.relative(process.cwd(), out)}`);
if (scenarios.some((s) => s.errors > 0)) {
  console.error('Some requests failed: see .tmp/bench/logs');
  process.exit(1);
}
