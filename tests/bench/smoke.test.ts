/**
 * `npm run bench`'s smoke run: every scenario once, on small data and for a second or so
 * (SMOKE_SIZE), against the same product the bench starts (product.ts) on the test stage's servers,
 * so a scenario that no longer runs, or no longer reports one of its figures, fails `npm test`
 * instead of the next person's bench. It asserts that each figure is there and a finite number
 * (figures.ts), never how fast: that is the bench's finding, measured at its own size.
 *
 * Needs the servers in DATABASE_URL, KAFKA_BROKERS and REDIS_URL (with the stage's
 * KAFKA_TOPIC_PREFIX and REDIS_KEY_PREFIX): `npm test -- --only=bench` gives them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serversStatus } from '../../scripts/servers.mjs';
import { missingFigures } from './figures.js';
import { startBenchProduct, type BenchProduct, type BenchServers } from './product.js';
import { BENCH_SCENARIOS, type BenchRun } from './scenarios.js';
import { SMOKE_SIZE } from './size.js';

function serversFromEnv(env: NodeJS.ProcessEnv): BenchServers {
  const { DATABASE_URL, KAFKA_BROKERS, REDIS_URL, KAFKA_TOPIC_PREFIX, REDIS_KEY_PREFIX } = env;
  if (!DATABASE_URL || !KAFKA_BROKERS || !REDIS_URL)
    throw new Error('the bench smoke run needs DATABASE_URL, KAFKA_BROKERS and REDIS_URL: run it with `npm test -- --only=bench`');
  return { DATABASE_URL, KAFKA_BROKERS, REDIS_URL, KAFKA_TOPIC_PREFIX, REDIS_KEY_PREFIX };
}

/** PostgreSQL's postmaster and Kafka's process when they are this checkout's own servers: the CPU figures count them. */
function serverPids(): { postgres?: number; kafka?: number } {
  const pidOf = (name: string) => serversStatus({ only: name }).find((s) => s.status === 'running')?.pid;
  return { postgres: pidOf('postgres'), kafka: pidOf('kafka') };
}

describe('npm run bench, every scenario once on small data: each reports all its figures', () => {
  let product: BenchProduct | undefined;
  let bench: BenchRun;

  beforeAll(async () => {
    product = await startBenchProduct({
      servers: serversFromEnv(process.env),
      serverPids: serverPids(),
      logDir: '.tmp/bench-smoke/logs',
      logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
      // The sockets-instances scenario kills and restarts a second notifications instance.
      extraInstances: { notifications: 1 },
    });
    bench = { product, size: SMOKE_SIZE, feedMembers: [] };
    await product.settle('the first scenario');
  }, 300_000);

  afterAll(async () => {
    await product?.stop();
  });

  for (const scenario of BENCH_SCENARIOS) {
    it(`${scenario.name}: ${[...scenario.rows, ...scenario.figures].join(', ')}`, async () => {
      const report = await scenario.run(bench);
      expect(missingFigures(scenario, report)).toEqual([]);
      // At this size the instance's open-files limit is far away: every socket asked for opens.
      if (report.sockets) expect(report.sockets.opened).toBe(report.sockets.asked);
    }, 300_000);
  }
});
