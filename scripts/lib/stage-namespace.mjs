// What one stage of `npm test` owns on the shared servers: its own PostgreSQL database, its own Kafka
// topic prefix (compacted topics included) and its own Redis key prefix. Stages then never see each
// other's data: the service tests' site settings (maxPostLength 300, say) cannot reach the
// distributed product that a later stage starts on the same broker, whatever the order or timing.
//
// The product takes the same prefixes from KAFKA_TOPIC_PREFIX and REDIS_KEY_PREFIX, as an operator
// running two environments on one cluster would set them. `close()` removes what the stage made, so
// runs against long-lived servers (DATABASE_URL, KAFKA_BROKERS, REDIS_URL given) leave nothing behind.
import pg from 'pg';
import { kafkaClientSecurity } from './kafka-client.mjs';
import { log, warn } from './proc.mjs';

/** A short id for this run, so two runs against the same external servers never meet. */
export const newRunId = () => Math.random().toString(36).slice(2, 8);

function databaseUrl(baseUrl, database) {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * @param {{ DATABASE_URL?: string, KAFKA_BROKERS?: string, REDIS_URL?: string }} servers
 * @param {string} stage e.g. 'real', 'distributed'
 * @param {string} runId from newRunId()
 * @returns {Promise<{ env: Record<string, string>, close(): Promise<void> }>}
 */
export async function openStageNamespace(servers, stage, runId) {
  const slug = `${stage}_${runId}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const database = `kora_${slug}`;
  const env = {
    ...servers,
    DATABASE_URL: databaseUrl(servers.DATABASE_URL, database),
    KAFKA_TOPIC_PREFIX: `kora-${slug}.`,
    REDIS_KEY_PREFIX: `kora-${slug}`,
  };
  await withClient(servers.DATABASE_URL, (client) => client.query(`create database ${database}`));
  log(`${stage}: database ${database}, topics ${env.KAFKA_TOPIC_PREFIX}*, Redis keys ${env.REDIS_KEY_PREFIX}:*`);

  return {
    env,
    async close() {
      const results = await Promise.allSettled([
        withClient(servers.DATABASE_URL, (client) => client.query(`drop database if exists ${database} with (force)`)),
        deleteTopics(servers.KAFKA_BROKERS, env.KAFKA_TOPIC_PREFIX),
        deleteKeys(servers.REDIS_URL, env.REDIS_KEY_PREFIX),
      ]);
      for (const result of results) {
        if (result.status === 'rejected') warn(`${stage}: cleaning up: ${result.reason?.message ?? result.reason}`);
      }
    },
  };
}

/** Deletes every topic whose name starts with `prefix` (test files add their own prefix after it). */
async function deleteTopics(brokers, prefix) {
  const { Kafka, logLevel } = (await import('kafkajs')).default;
  const security = await kafkaClientSecurity();
  const admin = new Kafka({ clientId: 'kora-test-cleanup', brokers: brokers.split(','), logLevel: logLevel.NOTHING, ...security }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length) await admin.deleteTopics({ topics, timeout: 30_000 });
  } finally {
    await admin.disconnect();
  }
}

/** Deletes the stage's Redis keys (store keys and BullMQ queues both start with the prefix). */
async function deleteKeys(redisUrl, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
