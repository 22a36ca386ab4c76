/**
 * Kafka adapter (kafkajs). Topics are created when missing (auto-creation is off on our brokers so a
 * typo cannot silently make a new topic). Producers wait for all in-sync replicas; consumers commit
 * an offset only after the handler succeeded, so a crash or a broker outage redelivers rather than
 * loses. Handlers are idempotent (see consumer.ts), which makes redelivery harmless.
 *
 * Namespaces: with a `topicPrefix` (KAFKA_TOPIC_PREFIX) every topic and consumer group this bus
 * touches on the cluster carries the prefix, while the code above it keeps using the registry's
 * names (`posts.post`): two environments (staging beside production, or two test stages) share one
 * cluster without reading each other's events or settings.
 */
import { isCompactedTopic } from '@kora/contracts';
import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type KafkaMessage, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import { retryDelayMs, type BusMessage, type EventBus, type SubscribeOptions, type Subscription } from './bus.js';
import { superviseConsumer } from './consumer-supervisor.js';
import { stopKafkaIdleTimers } from './kafka-idle-timer.js';
import type { KafkaSecurity } from './kafka-security.js';
import { tolerateStrayKafkaTimeouts } from './kafka-stray-timeouts.js';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  log: Logger;
  partitions?: number;
  replicationFactor?: number;
  /** Put before every topic and consumer group name on the cluster (KAFKA_TOPIC_PREFIX). */
  topicPrefix?: string;
  /** TLS and SASL (kafkaSecurity(env)); none: plaintext. */
  security?: KafkaSecurity;
}

const IN_PLACE_RETRIES = 5;
/** The most messages handed to a batch handler at once: one transaction's worth (consumer.ts). */
const BATCH_LIMIT = 100;
/** What a gathering group's fetch waits for at most (SubscribeOptions.gatherMs): far more than a few hundred ms of events. */
const GATHER_BYTES = 1 << 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function kafkaLogger(log: Logger) {
  return () =>
    ({ level, log: entry }: { level: logLevel; log: { message: string } & Record<string, unknown> }) => {
      const { message, ...rest } = entry;
      delete rest.timestamp; // pino stamps its own
      if (level <= logLevel.ERROR) log.error(rest, `kafka: ${message}`);
      else if (level === logLevel.WARN) log.warn(rest, `kafka: ${message}`);
    };
}

export class KafkaEventBus implements EventBus {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Producer | null = null;
  private producerReady: Promise<Producer> | null = null;
  private readonly supervisors = new Set<{ stop(): Promise<void> }>();
  private readonly knownTopics = new Set<string>();
  private readonly prefix: string;

  constructor(private readonly options: KafkaBusOptions) {
    this.prefix = options.topicPrefix ?? '';
    tolerateStrayKafkaTimeouts(options.log);
    stopKafkaIdleTimers();
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator: kafkaLogger(options.log),
      connectionTimeout: 3_000,
      requestTimeout: 10_000,
      retry: { initialRetryTime: 300, maxRetryTime: 5_000, retries: 8 },
      ...options.security,
    });
  }

  async ensureTopics(topics: string[]): Promise<void> {
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const admin: Admin = this.kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const toCreate = missing.filter((t) => !existing.has(this.prefix + t));
      if (toCreate.length > 0) {
        // No wait for leaders by kafkajs: it gives up when the broker's metadata does not hold a topic
        // it has just made (UNKNOWN_TOPIC_OR_PARTITION, seen on a loaded machine), where it only
        // retries a missing leader. The wait below covers both.
        await admin.createTopics({
          waitForLeaders: false,
          topics: toCreate.map((topic) => ({
            topic: this.prefix + topic,
            numPartitions: this.options.partitions ?? 3,
            replicationFactor: this.options.replicationFactor ?? 1,
            configEntries: isCompactedTopic(topic) ? [{ name: 'cleanup.policy', value: 'compact' }] : [],
          })),
        });
      }
      // Topics just made (here, or by another process at the same moment) may not be in the broker's
      // metadata yet, or have no leader yet, and a consumer subscribing now would fail with
      // UNKNOWN_TOPIC_OR_PARTITION. Known only once the broker describes them all, each partition led.
      await describedByBroker(
        admin,
        missing.map((t) => this.prefix + t),
      );
      missing.forEach((t) => this.knownTopics.add(t));
    } finally {
      await admin.disconnect();
    }
  }

  async publish(messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const producer = await this.getProducer();
    try {
      await this.sendBatch(producer, messages);
    } catch (err) {
      // A producer that lost its broker can stay wedged; the next attempt starts a fresh one.
      this.producerReady = null;
      this.producer = null;
      await producer.disconnect().catch(() => {});
      throw err;
    }
  }

  private async sendBatch(producer: Producer, messages: BusMessage[]): Promise<void> {
    const byTopic = new Map<string, BusMessage[]>();
    for (const m of messages) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic: this.prefix + topic,
        messages: list.map((m) => ({ key: m.key, value: m.value, headers: m.headers })),
      })),
    });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    await this.ensureTopics(options.topics);
    const supervisor = await superviseConsumer(() => this.startConsumer(options), { groupId: options.groupId, log: this.options.log });
    this.supervisors.add(supervisor);
    return {
      stop: async () => {
        this.supervisors.delete(supervisor);
        await supervisor.stop();
      },
    };
  }

  /** One consumer of the group, running; if any step fails, what it made is disconnected. */
  private async startConsumer({
    groupId,
    topics,
    handle,
    handleBatch,
    fromBeginning = true,
    gatherMs,
  }: SubscribeOptions): Promise<Consumer> {
    const consumer = this.kafka.consumer({
      groupId: this.prefix + groupId,
      sessionTimeout: 15_000,
      heartbeatInterval: 3_000,
      // kafkajs' defaults answer a fetch as soon as one byte waits; a gathering group asks for more.
      ...(gatherMs === undefined ? {} : { minBytes: GATHER_BYTES, maxWaitTimeInMs: gatherMs }),
      retry: { initialRetryTime: 300, maxRetryTime: 5_000, retries: 10, restartOnFailure: () => Promise.resolve(true) },
    });
    const log = this.options.log;
    const prefixLength = this.prefix.length;
    try {
      await consumer.connect();
      for (const topic of topics) await consumer.subscribe({ topic: this.prefix + topic, fromBeginning });
      const toBusMessage = (clusterTopic: string, message: KafkaMessage): BusMessage => ({
        topic: clusterTopic.slice(prefixLength),
        key: message.key?.toString() ?? '',
        value: message.value?.toString() ?? '',
      });
      // Retry in place first (keeps the partition's order); after that, throwing makes kafkajs
      // seek back and redeliver, so the message is never skipped.
      const inPlace = async (work: () => Promise<void>, topic: string, heartbeat: () => Promise<void>) => {
        for (let attempt = 1; ; attempt++) {
          try {
            await work();
            return;
          } catch (err) {
            log.warn({ err, groupId, topic, attempt }, 'event handler failed');
            if (attempt >= IN_PLACE_RETRIES) throw err;
            await sleep(retryDelayMs(attempt));
            await heartbeat();
          }
        }
      };
      if (handleBatch) {
        await consumer.run({
          eachBatchAutoResolve: false,
          eachBatch: async (payload) => {
            const { batch } = payload;
            const heartbeat = () => payload.heartbeat();
            for (let from = 0; from < batch.messages.length; from += BATCH_LIMIT) {
              if (!payload.isRunning() || payload.isStale()) return;
              const run = batch.messages.slice(from, from + BATCH_LIMIT);
              const messages = run.map((message) => toBusMessage(batch.topic, message));
              await inPlace(() => handleBatch(messages), messages[0]!.topic, heartbeat);
              payload.resolveOffset(run.at(-1)!.offset);
              await heartbeat();
            }
          },
        });
      } else {
        await consumer.run({
          eachMessage: async (payload) => {
            const busMessage = toBusMessage(payload.topic, payload.message);
            await inPlace(
              () => handle(busMessage),
              busMessage.topic,
              () => payload.heartbeat(),
            );
          },
        });
      }
      return consumer;
    } catch (err) {
      await consumer.disconnect().catch(() => {});
      throw err;
    }
  }

  async ping(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await admin.describeCluster();
    } finally {
      await admin.disconnect();
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.supervisors].map((supervisor) => supervisor.stop()));
    this.supervisors.clear();
    if (this.producer) await this.producer.disconnect().catch(() => {});
    this.producer = null;
    this.producerReady = null;
  }

  private getProducer(): Promise<Producer> {
    if (!this.producerReady) {
      // Not kafkajs' idempotent mode: it needs unlimited retries, which would hang the relay (and its
      // open transaction) during an outage. Duplicates from a retried send are harmless because
      // consumers are idempotent; one request in flight keeps each key's order.
      const producer = this.kafka.producer({
        allowAutoTopicCreation: false,
        maxInFlightRequests: 1,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      this.producerReady = producer.connect().then(
        () => (this.producer = producer),
        (err) => {
          this.producerReady = null;
          throw err;
        },
      );
    }
    return this.producerReady;
  }
}

/**
 * Waits (up to `timeoutMs`) until the broker's metadata has every one of `topics` and a leader for
 * each of their partitions; then throws its last error.
 */
async function describedByBroker(admin: Admin, topics: string[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 1_000)) {
    try {
      const { topics: described } = await admin.fetchTopicMetadata({ topics });
      const leaderless = described.filter(
        (t) => t.partitions.length === 0 || t.partitions.some((p) => p.leader < 0 || p.partitionErrorCode !== 0),
      );
      if (leaderless.length === 0) return;
      throw new Error(`Kafka topics without a leader yet: ${leaderless.map((t) => t.name).join(', ')}`);
    } catch (err) {
      if (Date.now() + delay > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
