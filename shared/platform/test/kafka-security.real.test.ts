/**
 * Kafka clients connect the way the configuration asks, as a managed cluster wants them to: events
 * go out and come back through the private broker's SASL_PLAINTEXT listener with each mechanism
 * and through its SASL_SSL listener trusting its certificate; a wrong password and an untrusted
 * certificate are refused. Runs against the broker the harness started (it knows that broker's users).
 */
import { eventually, fileTopicPrefix, testLog, uniqueName } from '@kora/testing';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it } from 'vitest';
import { kafkaClientSecurity } from '../../../scripts/lib/kafka-client.mjs';
import { kafkaAuthListeners, type KafkaSaslMechanism } from '../../../scripts/servers.mjs';
import { loadConfig, requireServers, serviceEnvSchema } from '../src/config.js';
import type { BusMessage } from '../src/events/bus.js';
import { kafkaBacklogProbe } from '../src/events/kafka-backlog.js';
import { KafkaEventBus } from '../src/events/kafka-bus.js';
import { kafkaSecurity } from '../src/events/kafka-security.js';

const listeners = kafkaAuthListeners();
const MECHANISMS: KafkaSaslMechanism[] = ['plain', 'scram-sha-256', 'scram-sha-512'];
/** How operators write them: Kafka's own spelling. */
const KAFKA_SPELLING: Record<KafkaSaslMechanism, string> = {
  plain: 'PLAIN',
  'scram-sha-256': 'SCRAM-SHA-256',
  'scram-sha-512': 'SCRAM-SHA-512',
};
const TOPIC = 'security-test.messages';

/** A service's configuration for the given Kafka variables, parsed and checked as at its start. */
function serviceEnv(kafka: Record<string, string>) {
  return loadConfig(requireServers(serviceEnvSchema), {
    INTERNAL_SECRET: 'test-internal-secret-0123456789',
    DB_DRIVER: 'pglite',
    JOB_RUNNER: 'memory',
    CACHE_STORE: 'memory',
    EVENT_BUS: 'kafka',
    ...kafka,
  });
}

describe.skipIf(!listeners)('Kafka TLS and SASL', () => {
  const { sasl, tls } = listeners!;
  const closing: (() => Promise<void>)[] = [];
  afterAll(() => Promise.allSettled(closing.map((close) => close())));

  const saslVariables = (mechanism: KafkaSaslMechanism, password = sasl.users[mechanism].password) => ({
    KAFKA_SASL_MECHANISM: KAFKA_SPELLING[mechanism],
    KAFKA_SASL_USERNAME: sasl.users[mechanism].username,
    KAFKA_SASL_PASSWORD: password,
  });

  /** The event bus exactly as createAdapters builds it from a service's configuration. */
  function busFor(kafka: Record<string, string>) {
    const env = serviceEnv(kafka);
    const bus = new KafkaEventBus({
      brokers: env.KAFKA_BROKERS!,
      clientId: uniqueName('security'),
      log: testLog,
      topicPrefix: fileTopicPrefix(),
      partitions: 1,
      security: kafkaSecurity(env),
    });
    closing.push(() => bus.close());
    return bus;
  }

  async function roundTrip(bus: KafkaEventBus) {
    const value = uniqueName('message');
    const received: string[] = [];
    // Left running: a consumer takes seconds to leave, and afterAll closes every bus at once.
    const handle = (message: BusMessage) => {
      received.push(message.value);
      return Promise.resolve();
    };
    await bus.subscribe({ groupId: uniqueName('security'), topics: [TOPIC], handle });
    await bus.publish([{ topic: TOPIC, key: 'k', value }]);
    await eventually(() => received.includes(value), 30_000);
  }

  it.each(MECHANISMS)('publishes and consumes through SASL_PLAINTEXT with %s', async (mechanism) => {
    await roundTrip(busFor({ KAFKA_BROKERS: sasl.broker, ...saslVariables(mechanism) }));
  });

  it.each(MECHANISMS)('refuses %s with a wrong password', async (mechanism) => {
    const bus = busFor({ KAFKA_BROKERS: sasl.broker, ...saslVariables(mechanism, 'not-the-password') });
    await expect(bus.ping()).rejects.toThrow(/authentication failed/i);
    await expect(bus.publish([{ topic: TOPIC, key: 'k', value: 'never' }])).rejects.toThrow(/authentication failed/i);
  });

  it('refuses a connection without credentials on the SASL listener', async () => {
    const admin = new Kafka({
      brokers: [sasl.broker],
      logLevel: logLevel.NOTHING,
      connectionTimeout: 2_000,
      retry: { retries: 0 },
    }).admin();
    closing.push(() => admin.disconnect());
    await expect(admin.connect().then(() => admin.listTopics())).rejects.toThrow();
  });

  it.skipIf(!tls)('publishes and consumes through SASL_SSL, trusting the CA file', async () => {
    await roundTrip(
      busFor({
        KAFKA_BROKERS: tls!.broker,
        KAFKA_SSL: 'true',
        KAFKA_SSL_CA_FILE: tls!.caFile,
        ...saslVariables('scram-sha-512'),
      }),
    );
    const plain = busFor({ KAFKA_BROKERS: tls!.broker, KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: tls!.caFile, ...saslVariables('plain') });
    await plain.ping();
  });

  it.skipIf(!tls)('refuses a broker whose certificate is not trusted (the system CAs know no test certificate)', async () => {
    const env = serviceEnv({ KAFKA_BROKERS: tls!.broker, KAFKA_SSL: 'true', ...saslVariables('scram-sha-512') });
    const admin = new Kafka({
      brokers: env.KAFKA_BROKERS!,
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
      ...kafkaSecurity(env),
    }).admin();
    closing.push(() => admin.disconnect());
    await expect(admin.connect()).rejects.toThrow(/self[- ]signed certificate/);
  });

  it('gives the backlog probe and the tools’ admin clients the same credentials', async () => {
    const variables = { KAFKA_BROKERS: sasl.broker, ...saslVariables('scram-sha-256') };
    await busFor(variables).ensureTopics([TOPIC]);
    const probe = await kafkaBacklogProbe({
      brokers: [sasl.broker],
      groupPrefix: fileTopicPrefix(),
      security: kafkaSecurity(serviceEnv(variables)),
    });
    closing.push(() => probe.close());
    expect(Array.isArray(await probe.read())).toBe(true);

    const admin = new Kafka({ brokers: [sasl.broker], logLevel: logLevel.NOTHING, ...(await kafkaClientSecurity(variables)) }).admin();
    closing.push(() => admin.disconnect());
    await admin.connect();
    expect(await admin.listTopics()).toContain(fileTopicPrefix() + TOPIC);
  });
});
