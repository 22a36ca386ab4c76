/**
 * Test adapters. The same test file runs against the embedded engines (PGlite, in-process bus and
 * jobs, memory store) or against the real servers, decided by the environment the harness gives:
 * DATABASE_URL, KAFKA_BROKERS and REDIS_URL set means "real". Each test gets its own Postgres schema
 * and its own consumer groups and queue prefix, and each test FILE its own Kafka namespace (topic
 * prefix): a file that changes the site settings, or replays a topic from its beginning, never
 * sees another file's events, nor the product's that a later stage of the same run starts.
 */
import {
  BullMqJobRunner,
  KafkaEventBus,
  MemoryEventBus,
  MemoryJobRunner,
  MemoryStore,
  RedisStore,
  closeAdapters,
  createLogger,
  kafkaSecurity,
  kafkaSecurityShape,
  loadConfig,
  openPostgres,
  pgliteDatabase,
  serviceEnvSchema,
  type Adapters,
  type ServiceEnv,
} from '@kora/platform';
import { randomBytes } from 'node:crypto';
import { releasePglite, takePglite } from './pglite-pool.js';

export type TestTarget = 'embedded' | 'real';

export function testTarget(): TestTarget {
  return process.env.KORA_TEST_TARGET === 'real' ? 'real' : 'embedded';
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set for KORA_TEST_TARGET=real (the harness sets it)`);
  return value;
}

/** A name no other test run uses, valid as a schema, group or queue name. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

let filePrefix: string | undefined;

/**
 * This test file's namespace on the shared broker: services started by one file share topics, as
 * they would in production, and no file sees another's. Test files share a worker's modules (the
 * projects run without per-file isolation), so the projects' setup file (test-file-setup.ts) starts
 * a new namespace before each file. The stage's own prefix (KAFKA_TOPIC_PREFIX from the harness)
 * comes first.
 */
export function fileTopicPrefix(): string {
  return (filePrefix ??= `${process.env.KAFKA_TOPIC_PREFIX ?? ''}${uniqueName('f')}.`);
}

/** Called before each test file: its services get a topic namespace of their own. */
export function beginTestFile(): void {
  filePrefix = undefined;
}

export const testLog = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');

function pickKafkaSecurity(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.keys(kafkaSecurityShape).map((key) => [key, env[key]]));
}

export function testEnv(overrides: Record<string, string> = {}): ServiceEnv {
  const real = testTarget() === 'real';
  return loadConfig(serviceEnvSchema, {
    INTERNAL_SECRET: 'test-internal-secret-0123456789',
    DB_DRIVER: real ? 'postgres' : 'pglite',
    EVENT_BUS: real ? 'kafka' : 'memory',
    JOB_RUNNER: real ? 'bullmq' : 'memory',
    CACHE_STORE: real ? 'redis' : 'memory',
    DATABASE_URL: real ? requireEnv('DATABASE_URL') : undefined,
    KAFKA_BROKERS: real ? requireEnv('KAFKA_BROKERS') : undefined,
    // A cluster given by the environment may want TLS or SASL, as the product's processes would.
    ...(real ? pickKafkaSecurity(process.env) : {}),
    REDIS_URL: real ? requireEnv('REDIS_URL') : undefined,
    OUTBOX_POLL_MS: '100',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface TestAdapters extends Adapters {
  target: TestTarget;
  close(): Promise<void>;
}

/**
 * Fresh adapters for one test file. `shared` lets two "services" in one test share the engines
 * the way they do in production (one database server, one broker).
 */
export async function createTestAdapters(): Promise<TestAdapters> {
  const target = testTarget();
  if (target === 'real') {
    const env = testEnv();
    // Four connections, and a long wait for one: the race tests queue fifty requests on them, and
    // on a starved CI machine the last of those waited past the product's 10 s and answered 503.
    const database = openPostgres(env.DATABASE_URL!, 4, 60_000);
    // One partition a topic: a file's namespace holds every topic, and few of them see traffic.
    const bus = new KafkaEventBus({
      brokers: env.KAFKA_BROKERS!,
      clientId: uniqueName('test'),
      log: testLog,
      topicPrefix: fileTopicPrefix(),
      partitions: 1,
      security: kafkaSecurity(env),
    });
    // Under the stage's Redis namespace (REDIS_KEY_PREFIX from the harness), which it clears.
    const redisPrefix = `${process.env.REDIS_KEY_PREFIX ?? 'kora-test'}:${uniqueName('t')}`;
    const jobs = new BullMqJobRunner(env.REDIS_URL!, testLog, `${redisPrefix}:jobs`);
    const store = new RedisStore(env.REDIS_URL!, `${redisPrefix}:`);
    const adapters: Adapters = { database, bus, jobs, store };
    return { target, ...adapters, close: () => closeAdapters(adapters) };
  }
  const pglite = await takePglite();
  const database = pgliteDatabase(pglite);
  const bus = new MemoryEventBus(testLog);
  const jobs = new MemoryJobRunner(testLog);
  const store = new MemoryStore();
  const adapters: Adapters = { database, bus, jobs, store };
  return {
    target,
    ...adapters,
    async close() {
      await closeAdapters(adapters);
      await releasePglite(pglite); // the database handle does not own the PGlite instance
    },
  };
}

/**
 * How long a test waits for something to travel (an event between services, a job, a socket): a
 * hang guard sized for CI's loaded machine, where it has taken ten times an idle one's (decision
 * 027). A wait ends as soon as its condition holds; only a failing test waits it out.
 */
export const EVENTUAL_MS = 60_000;

/** Polls `check` until it returns true or the deadline passes (no fixed sleeps in tests). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = EVENTUAL_MS, everyMs = 50): Promise<void> {
  const met = await readUntil(async () => check(), Boolean, timeoutMs, everyMs);
  if (!met) throw new Error(`condition not met within ${timeoutMs} ms`);
}

/**
 * Reads until `done(value)` holds and returns that value; after `timeoutMs` returns the last value
 * read, so the test's own assertion on it says what was wrong.
 */
export async function readUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = EVENTUAL_MS,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
