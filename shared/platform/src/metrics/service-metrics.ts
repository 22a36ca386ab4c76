/**
 * What a running service reports beside its requests (decision 052), read when Prometheus scrapes:
 *   kora_outbox_backlog{schema}            outbox rows its relay has not published yet
 *   kora_db_pool_connections{service,state} the PostgreSQL pool's open (`total`) and `idle` connections
 *   kora_db_pool_waiting{service}          queries waiting for a connection
 *   kora_kafka_consumer_lag{group}         messages its consumer groups have not committed yet
 *   kora_queue_jobs{queue,state}           jobs of the queues it declares, by state
 * Readings that cost a round trip to another server are taken at most once every READING_MAX_AGE_MS.
 * Every replica reports its group's lag and its queues' counts alike: read them with max by group/queue.
 */
import type { Database } from '../db/database.js';
import { kafkaBacklogProbe, type KafkaBacklogProbe } from '../events/kafka-backlog.js';
import type { KafkaSecurity } from '../events/kafka-security.js';
import type { JobRunner } from '../jobs/jobs.js';
import { cachedFor } from './cached.js';
import { sourcedGauge } from './sourced-gauge.js';

export const READING_MAX_AGE_MS = 5_000;

const outboxBacklog = sourcedGauge('kora_outbox_backlog', 'Outbox rows not published yet, by schema', ['schema']);
const poolConnections = sourcedGauge('kora_db_pool_connections', 'PostgreSQL pool connections open (total) and idle', ['service', 'state']);
const poolWaiting = sourcedGauge('kora_db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection', ['service']);
const consumerLag = sourcedGauge('kora_kafka_consumer_lag', 'Messages a Kafka consumer group has not committed yet', ['group']);
const queueJobs = sourcedGauge('kora_queue_jobs', 'Jobs in a queue, by state', ['queue', 'state']);

/** The job runners already counted: in embedded mode every service shares one. */
const countedRunners = new WeakSet<JobRunner>();

export interface ServiceMetricsOptions {
  service: string;
  schema: string;
  database: Database;
  jobs: JobRunner;
  /** Unpublished outbox rows (OutboxRelay.pendingCount). */
  pendingOutbox: () => Promise<number>;
  /** The Kafka cluster and this service's consumer groups as the cluster names them; none on the memory bus. */
  kafka?: { brokers: string[]; security?: KafkaSecurity; groups: readonly string[] };
}

export interface ServiceMetrics {
  stop(): Promise<void>;
}

export function watchServiceMetrics(options: ServiceMetricsOptions): ServiceMetrics {
  const { service, schema, database, jobs } = options;
  const removals: (() => void)[] = [];
  const pending = cachedFor(READING_MAX_AGE_MS, options.pendingOutbox);
  removals.push(outboxBacklog.add(async () => [{ labels: { schema }, value: await pending() }]));

  const stats = database.poolStats?.bind(database);
  if (stats) {
    removals.push(
      poolConnections.add(() => {
        const { total, idle } = stats();
        return [
          { labels: { service, state: 'total' }, value: total },
          { labels: { service, state: 'idle' }, value: idle },
        ];
      }),
      poolWaiting.add(() => [{ labels: { service }, value: stats().waiting }]),
    );
  }

  if (!countedRunners.has(jobs)) {
    countedRunners.add(jobs);
    const counts = cachedFor(READING_MAX_AGE_MS, () => jobs.jobCounts());
    const remove = queueJobs.add(async () =>
      (await counts()).map(({ queue, state, count }) => ({ labels: { queue, state }, value: count })),
    );
    removals.push(() => {
      remove();
      countedRunners.delete(jobs);
    });
  }

  let probe: Promise<KafkaBacklogProbe> | null = null;
  const kafka = options.kafka;
  if (kafka && kafka.groups.length > 0) {
    // Opened on the first scrape, not at start: a process nobody scrapes keeps no admin connection.
    const openProbe = () =>
      (probe ??= kafkaBacklogProbe({ brokers: kafka.brokers, security: kafka.security, groups: kafka.groups }).catch((err: unknown) => {
        probe = null;
        throw err;
      }));
    const lag = cachedFor(READING_MAX_AGE_MS, async () => (await openProbe()).read());
    removals.push(consumerLag.add(async () => (await lag()).map(({ group, lag }) => ({ labels: { group }, value: lag }))));
  }

  return {
    async stop() {
      removals.forEach((remove) => remove());
      const opened = probe;
      probe = null;
      if (opened) await opened.then((p) => p.close()).catch(() => {});
    },
  };
}
