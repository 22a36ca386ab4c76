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
 * The scenarios are listed in scenarios.ts, the product started by product.ts, the sizes in size.ts;
 * `npm test` runs every scenario once on small data (smoke.test.ts). A scenario that reports less
 * than scenarios.ts says it must (figures.ts) fails the command too.
 *
 * BENCH_REUSE=1 keeps the private servers' data from the previous run (the feed's seed is reused).
 * BENCH_DURATION_MS: each scenario's length (default 10 s). BENCH_ROUNDS: runs of the gateway
 * comparison, median kept (default 5). BENCH_SCENARIOS=gateway,signin,feed,web,media-bytes,settings,blocks,groups,search,search-opensearch,reels,sockets,sockets-instances,messages,webhooks picks some.
 * The wallet's card payments go to a fake Paystack started here (scripts/lib/fake-paystack.mjs).
 * BENCH_SOCKETS: sockets asked of one notifications instance (default 50,000; sockets.ts says how they are spread).
 * BENCH_LIKE_RATE, BENCH_LIKES: the socket scenarios' likes a second (default 100) and in all (1,000);
 * BENCH_INSTANCE_SOCKETS: other sockets over the two instances of sockets-instances (default 20,000).
 * BENCH_REELS_RPS: the reels feed's offered rate (default 100/s).
 * BENCH_MEDIA_POSTS: photo posts in the media-bytes member's feed (default 22; it scrolls through 20).
 * BENCH_GROUPS_RPS: the groups search's offered rate (default 100/s).
 * BENCH_PROFILE=gateway,posts,bare-proxy profiles those processes over each measured scenario
 * (profiler.ts; read them with tests/bench/profile-summary.ts). BENCH_LOG_LEVEL sets the product's log level
 * (default info, as in production: every request is logged).
 */
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServers, stopServers } from '../../scripts/servers.mjs';
import { missingFigures } from './figures.js';
import { mediaBytesTable } from './media-bytes.js';
import { startBenchProduct, type BenchProduct } from './product.js';
import type { Scenario } from './scenario.js';
import { BENCH_SCENARIOS, type BenchReport, type BenchRun } from './scenarios.js';
import { benchSize } from './size.js';
import { backOfficeScripts } from './web.js';

const size = benchSize();
const out = path.resolve(process.env.BENCH_OUT ?? '.tmp/bench/results.json');
const wanted = (name: string) => !process.env.BENCH_SCENARIOS || process.env.BENCH_SCENARIOS.split(',').includes(name);

const scenarios: Scenario[] = [];
const reports: BenchReport[] = [];
/** What each scenario that ran reported less than it must (figures.ts). */
const missing: string[] = [];

// Whatever fails, the servers and processes this run started are stopped.
// OpenSearch only for the scenario that measures it (decision 048); it reads OPENSEARCH_URL.
const servers = await startServers({
  only: wanted('search-opensearch') ? ['postgres', 'redis', 'kafka', 'opensearch'] : undefined,
  fresh: process.env.BENCH_REUSE !== '1',
  setEnv: false,
});
if (servers.env.OPENSEARCH_URL) process.env.OPENSEARCH_URL = servers.env.OPENSEARCH_URL;
let product: BenchProduct | undefined;
let failure: unknown;
try {
  const pidOf = (name: string) => servers.servers.find((s) => s.name === name)?.pid;
  product = await startBenchProduct({
    servers: {
      DATABASE_URL: servers.env.DATABASE_URL!,
      KAFKA_BROKERS: servers.env.KAFKA_BROKERS!,
      REDIS_URL: servers.env.REDIS_URL!,
      // A namespace of its own on shared servers (another run beside it), as the smoke run's stage has.
      KAFKA_TOPIC_PREFIX: process.env.KAFKA_TOPIC_PREFIX,
      REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX,
    },
    serverPids: { postgres: pidOf('postgres'), kafka: pidOf('kafka') },
    profile: process.env.BENCH_PROFILE?.split(',').filter(Boolean) ?? [],
    logDir: '.tmp/bench/logs',
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    extraInstances: wanted('sockets-instances') ? { notifications: 1 } : {},
  });
  await product.settle('the first scenario');
  const bench: BenchRun = { product, size, feedMembers: [] };
  for (const scenario of BENCH_SCENARIOS.filter((s) => wanted(s.name))) {
    const report = await scenario.run(bench);
    reports.push(report);
    scenarios.push(...report.scenarios);
    missing.push(...missingFigures(scenario, report).map((problem) => `${scenario.name}: ${problem}`));
  }
} catch (error) {
  failure = error;
} finally {
  await product?.stop();
  await stopServers({ only: servers.started, quiet: true });
}
if (failure) {
  console.error(failure);
  process.exit(1);
}

const gateway = reports.find((r) => r.gateway)?.gateway;
const web = reports.find((r) => r.web)?.web;
const pages = reports.find((r) => r.pages)?.pages ?? [];
const mediaBytes = reports.find((r) => r.mediaBytes)?.mediaBytes;
const sockets = reports.find((r) => r.sockets)?.sockets;
const instances = reports.find((r) => r.instances)?.instances;
const messages = reports.find((r) => r.messages)?.messages;
const reelVideoRatio = reports.find((r) => r.reelVideoRatio !== undefined)?.reelVideoRatio ?? null;
const planOf = (name: 'feed' | 'groups' | 'search') => reports.find((r) => r.plan?.name === name)?.plan?.text ?? '';
const feedPlan = planOf('feed');
const groupsPlan = planOf('groups');
const searchPlan = planOf('search');
const rounds = size.gatewayRounds;
const durationMs = size.durationMs;

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
    ratios.gateway_vs_direct === null
      ? null
      : ratios.gateway_vs_direct >= (ratios.nginx_vs_direct ?? 0) || (ratios.gateway_vs_bare_proxy ?? 0) >= 0.9,
  'feed >= 0.5 of feed-sql': ratios.feed_vs_sql === null ? null : ratios.feed_vs_sql >= 0.5,
  '50,000 sockets held by one notifications instance': sockets ? sockets.opened >= 50_000 : null,
  [`like-to-socket p99 < 100 ms at ${size.sockets.likeRate} likes/s while they are open`]:
    p('like-to-socket', 'p99_ms') === undefined ? null : p('like-to-socket', 'p99_ms')! < 100,
  'two notifications instances, one killed: every like once on every tab': instances
    ? instances.duplicates === 0 && instances.missed === 0 && instances.reconnected === instances.tabsClosed
    : null,
  'message-to-socket p99 < 100 ms at 200 messages/s beside 10,000 sockets':
    p('message-to-socket', 'p99_ms') === undefined ? null : p('message-to-socket', 'p99_ms')! < 100,
  'messages-open p99 < 25 ms (1,000,000 messages stored)':
    p('messages-open', 'p99_ms') === undefined ? null : p('messages-open', 'p99_ms')! < 25,
  'messages-list p99 < 25 ms (1,000,000 messages stored)':
    p('messages-list', 'p99_ms') === undefined ? null : p('messages-list', 'p99_ms')! < 25,
  'feed-200rps p99 < 25 ms': p('feed-200rps', 'p99_ms') === undefined ? null : p('feed-200rps', 'p99_ms')! < 25,
  'web TTFB p50 < 100 ms': p('web-ttfb', 'p50_ms') === undefined ? null : p('web-ttfb', 'p50_ms')! < 100,
  ...Object.fromEntries(
    pages.map((page) => [`${page.name} first-load JS <= ${page.budgetBytes / 1024} KiB`, page.jsBytes <= page.budgetBytes]),
  ),
  'no back-office script on a member page': pages.length ? pages.every((page) => backOfficeScripts(page).length === 0) : null,
  'reel video worker <= 1.2x bare ffmpeg': reelVideoRatio === null ? null : reelVideoRatio <= 1.2,
};

console.table(
  scenarios.map((s) => ({
    scenario: s.name,
    'req/s': s.rps,
    'p50 ms': s.p50_ms,
    'p90 ms': s.p90_ms,
    'p99 ms': s.p99_ms,
    errors: s.errors,
  })),
);
if (gateway) console.table(gateway.rounds);
console.table(ratios);
for (const s of scenarios.filter((x) => x.notes)) console.log(`${s.name}: ${JSON.stringify(s.notes)}`);
if (web)
  console.log(
    `\nHome feed, first load: ${(web.jsBytes / 1024).toFixed(1)} KB of JavaScript in ${web.jsFiles} files (as transferred), ${(
      web.totalBytes / 1024
    ).toFixed(1)} KB in all`,
  );
if (pages.length) {
  console.log('\nMember pages, first load (JavaScript as transferred):');
  console.table(
    pages.map((page) => ({
      page: page.name,
      'JS KiB': Math.round((page.jsBytes / 1024) * 10) / 10,
      files: page.jsFiles,
      'budget KiB': page.budgetBytes / 1024,
      'back-office scripts': backOfficeScripts(page).join(' ') || '-',
    })),
  );
}
if (mediaBytes) {
  console.log(`\nHome feed with photos on a phone (375x812 @2x), bytes as transferred, ${mediaBytes.posts} photo posts:`);
  console.table(mediaBytesTable(mediaBytes));
}
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
  const loop = s.eventLoop;
  console.log(
    `  its event-loop delay (inside) meanwhile p50 ${loop.p50Ms} ms, p90 ${loop.p90Ms} ms, p99 ${loop.p99Ms} ms, max ${loop.maxMs} ms`,
  );
}
if (instances) console.log(`\nTwo notifications instances, the second killed halfway: ${JSON.stringify(instances)}`);
if (messages)
  console.log(`\nMessages: ${messages.stored} stored, ${messages.bytesPerMessage} bytes each in PostgreSQL (table, TOAST and indexes)`);
if (feedPlan) console.log(`\nFeed page query plan (one member, first page):\n${feedPlan}\n`);
if (groupsPlan) console.log(`\nGroups discover search query plan (a common word, first page):\n${groupsPlan}\n`);
if (searchPlan) console.log(`\nPosts search query plan (a common word, first page):\n${searchPlan}\n`);

mkdirSync(path.dirname(out), { recursive: true });
const machine = { cpus: availableParallelism(), node: process.version };
writeFileSync(
  out,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      machine,
      durationMs,
      rounds,
      scenarios,
      ratios,
      gatewayRounds: gateway?.rounds,
      goals,
      web,
      pages,
      mediaBytes,
      sockets,
      instances,
      messages,
      feedPlan,
      groupsPlan,
      searchPlan,
    },
    null,
    2,
  ),
);
console.log(`\nFigures written to ${path.relative(process.cwd(), out)}`);
if (missing.length) {
  console.error(`\nSome scenarios did not produce every figure:\n${missing.map((problem) => `  ${problem}`).join('\n')}`);
  if (scenarios.some((s) => s.errors > 0)) console.error('Some requests failed: see .tmp/bench/logs');
  process.exit(1);
}
