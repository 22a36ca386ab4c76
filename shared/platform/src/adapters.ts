/**
 * Builds the four infrastructure adapters a service runs on, from explicit configuration. In
 * distributed mode each service process owns its adapters; in embedded mode the launcher builds one
 * set and every service in the process shares it.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import { MemoryStore } from './cache/memory-store.js';
import { RedisStore } from './cache/redis-store.js';
import type { KeyValueStore } from './cache/store.js';
import type { ServiceEnv } from './config.js';
import { openPgliteClient, openPostgres, pgliteDatabase, type Database } from './db/database.js';
import type { EventBus } from './events/bus.js';
import { KafkaEventBus } from './events/kafka-bus.js';
import { kafkaSecurity } from './events/kafka-security.js';
import { MemoryEventBus } from './events/memory-bus.js';
import { BullMqJobRunner } from './jobs/bullmq-runner.js';
import type { JobRunner } from './jobs/jobs.js';
import { MemoryJobRunner } from './jobs/memory-runner.js';

export interface Adapters {
  database: Database;
  bus: EventBus;
  jobs: JobRunner;
  store: KeyValueStore;
}

export interface AdapterOverrides {
  /** Embedded mode: the one PGlite instance all services share. */
  pglite?: PGlite;
}

export async function createAdapters(env: ServiceEnv, log: Logger, overrides: AdapterOverrides = {}): Promise<Adapters> {
  const database =
    env.DB_DRIVER === 'postgres'
      ? openPostgres(env.DATABASE_URL!, env.DB_POOL_SIZE, env.DB_POOL_WAIT_MS)
      : pgliteDatabase(overrides.pglite ?? (await openPgliteClient(env.PGLITE_DIR)));
  const bus: EventBus =
    env.EVENT_BUS === 'kafka'
      ? new KafkaEventBus({
          brokers: env.KAFKA_BROKERS!,
          clientId: env.KAFKA_CLIENT_ID,
          log,
          partitions: env.KAFKA_PARTITIONS,
          replicationFactor: env.KAFKA_REPLICATION_FACTOR,
          topicPrefix: env.KAFKA_TOPIC_PREFIX,
          security: kafkaSecurity(env),
        })
      : new MemoryEventBus(log);
  const jobs: JobRunner =
    env.JOB_RUNNER === 'bullmq' ? new BullMqJobRunner(env.REDIS_URL!, log, env.REDIS_KEY_PREFIX) : new MemoryJobRunner(log);
  const store: KeyValueStore = env.CACHE_STORE === 'redis' ? new RedisStore(env.REDIS_URL!, `${env.REDIS_KEY_PREFIX}:`) : new MemoryStore();
  return { database, bus, jobs, store };
}

/** Closes in dependency order: nothing may publish or enqueue once its transport is gone. */
export async function closeAdapters(adapters: Adapters): Promise<void> {
  await adapters.jobs.close();
  await adapters.bus.close();
  await adapters.store.close();
  await adapters.database.close();
}
