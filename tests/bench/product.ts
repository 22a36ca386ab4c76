/**
 * The product the bench measures: the DISTRIBUTED product (one process per service, started by
 * scripts/run/cluster.mjs) on given PostgreSQL, Redis and Kafka, its card payments going to a fake
 * Paystack started here (scripts/lib/fake-paystack.mjs; the webhooks scenario signs with its key),
 * and the probe that tells when the services have worked off every event sent so far. Started the
 * same way by `npm run bench` (run.ts) and by its smoke run (smoke.test.ts).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startFakePaystack, type FakePaystack } from '../../scripts/lib/fake-paystack.mjs';
import { pickPort } from '../../scripts/lib/proc.mjs';
import { SERVICE_NAMES, startCluster, type Cluster } from '../../scripts/run/cluster.mjs';
import { describeBacklog, openBacklogProbe, untilSettled, type BacklogProbe } from './backlog.js';
import { settleDatabase } from './database-upkeep.js';
import { profilersFor, type Profilers } from './profiler.js';
import { NODE_REPORT_ARGS } from './socket-heap.js';

/** Where the product's servers are: KAFKA_TOPIC_PREFIX and REDIS_KEY_PREFIX when it shares them (a test stage's namespace). */
export interface BenchServers {
  DATABASE_URL: string;
  KAFKA_BROKERS: string;
  REDIS_URL: string;
  KAFKA_TOPIC_PREFIX?: string;
  REDIS_KEY_PREFIX?: string;
}

export interface BenchSecrets {
  INTERNAL_SECRET: string;
  ACCESS_TOKEN_SECRET: string;
}

export interface BenchProductOptions {
  servers: BenchServers;
  /** PostgreSQL's postmaster and Kafka's process when this machine runs them: the CPU figures count them. */
  serverPids?: { postgres?: number; kafka?: number };
  /** Processes to profile (BENCH_PROFILE: profiler.ts). */
  profile?: string[];
  logDir: string;
  logLevel: string;
  /** More instances of a service (startCluster's extraInstances): the two-instance socket scenario's `notifications-2`. */
  extraInstances?: Record<string, number>;
}

export interface BenchProduct {
  gatewayUrl: string;
  servers: BenchServers;
  secrets: BenchSecrets;
  paystack: FakePaystack;
  profilers: Profilers;
  /** Each service process's own address (the gateway's yardsticks and the socket scenario go around the gateway). */
  upstreams: Record<string, string>;
  pidOf(name: string): number | undefined;
  /** The product's processes and Kafka's, by name: where a scenario's CPU went (cpu.ts). */
  pids(): Record<string, number | undefined>;
  postmaster?: number;
  /** Stops a process (SIGKILL: a crash), and starts it again on its port. */
  stopProcess(name: string, signal?: NodeJS.Signals): Promise<void>;
  startProcess(name: string): Promise<void>;
  /**
   * Resolves when the services have worked off every event sent so far (backlog.ts) and PostgreSQL
   * has done its deferred housekeeping (database-upkeep.ts): nothing is measured while consumers,
   * relays, autovacuum or the checkpointer still compete for the same two cores.
   */
  settle(before: string): Promise<void>;
  /** Waits until every event sent so far is worked off (no database upkeep after it): a scenario's CPU includes its events'. */
  workedOff(before: string): Promise<void>;
  stop(): Promise<void>;
}

/** A fresh seed's backlog took about a minute to work off on a 2-core machine: ten is a hang, not a wait. */
const SETTLE_TIMEOUT_MS = 10 * 60_000;

/** The bench is one client IP sending far more than a member would: the per-IP limits are lifted. */
const UNLIMITED = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE: '100000000',
  ADDRESS_RATE_LIMIT_PER_MINUTE: '100000000',
  SIGNUP_ADDRESSES_PER_HOUR: '100000000',
  PAYMENT_RATE_LIMIT_PER_MINUTE: '100000000',
};

export async function startBenchProduct(options: BenchProductOptions): Promise<BenchProduct> {
  const secrets: BenchSecrets = {
    INTERNAL_SECRET: randomBytes(24).toString('base64url'),
    ACCESS_TOKEN_SECRET: randomBytes(24).toString('base64url'),
  };
  const paystack = await startFakePaystack();
  let cluster: Cluster | undefined;
  let backlog: BacklogProbe | undefined;
  try {
    const port = await pickPort('bench-gateway');
    const profilers = await profilersFor(options.profile ?? []);
    const { nodeArgs } = profilers;
    // The socket scenario reads the notifications instance's heap through Node's report (socket-heap.ts).
    nodeArgs.notifications = [...(nodeArgs.notifications ?? []), ...NODE_REPORT_ARGS];
    cluster = await startCluster({
      port,
      servers: { ...options.servers, ...UNLIMITED, PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
      secrets: { ...secrets },
      logLevel: options.logLevel,
      logDir: path.resolve(options.logDir),
      nodeArgs,
      extraInstances: options.extraInstances,
    });
    backlog = await openBacklogProbe(options.servers);
    const probe = backlog;
    const running = cluster;
    const product: BenchProduct = {
      gatewayUrl: `http://127.0.0.1:${port}`,
      servers: options.servers,
      secrets,
      paystack,
      profilers,
      upstreams: running.upstreams,
      pidOf: (name) => running.pidOf(name),
      pids: () => ({
        ...Object.fromEntries([...SERVICE_NAMES, 'web', 'gateway'].map((name) => [name, running.pidOf(name)])),
        kafka: options.serverPids?.kafka,
      }),
      postmaster: options.serverPids?.postgres,
      stopProcess: (name, signal) => running.stopProcess(name, signal),
      startProcess: (name) => running.startProcess(name),
      async workedOff(before) {
        await untilSettled(probe, SETTLE_TIMEOUT_MS, (left) =>
          process.stdout.write(`bench: after ${before}, the services still work off: ${describeBacklog(left)}\n`),
        );
      },
      async settle(before) {
        const waitedMs = await untilSettled(probe, SETTLE_TIMEOUT_MS, (left) =>
          process.stdout.write(`bench: before ${before}, the services still work off: ${describeBacklog(left)}\n`),
        );
        if (waitedMs > 2_000)
          process.stdout.write(`bench: waited ${(waitedMs / 1000).toFixed(1)} s for the event backlog before ${before}\n`);
        const upkeepMs = await settleDatabase(options.servers.DATABASE_URL);
        if (upkeepMs > 2_000)
          process.stdout.write(`bench: VACUUM (ANALYZE) and CHECKPOINT took ${(upkeepMs / 1000).toFixed(1)} s before ${before}\n`);
      },
      async stop() {
        await paystack.close();
        await probe.close();
        await running.stop();
      },
    };
    return product;
  } catch (error) {
    await backlog?.close();
    await cluster?.stop();
    await paystack.close();
    throw error;
  }
}
