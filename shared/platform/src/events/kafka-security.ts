/**
 * The TLS and SASL part of a kafkajs client's options, from the parsed Kafka security variables
 * (config.ts checked the combination). Every Kafka client Kora makes spreads it into its options, so
 * one set of variables reaches the event bus, the backlog probe and the tools' admin clients alike.
 */
import fs from 'node:fs';
import type { KafkaConfig, SASLOptions } from 'kafkajs';
import type { KafkaSecurityEnv } from '../config.js';

export type KafkaSecurity = Pick<KafkaConfig, 'ssl' | 'sasl'>;

export function kafkaSecurity(env: KafkaSecurityEnv): KafkaSecurity {
  const security: KafkaSecurity = {};
  if (env.KAFKA_SSL) {
    // With a CA file, only that CA is trusted (a private CA's cluster); without, the system's CAs.
    security.ssl = env.KAFKA_SSL_CA_FILE ? { ca: [fs.readFileSync(env.KAFKA_SSL_CA_FILE, 'utf8')] } : true;
  }
  if (env.KAFKA_SASL_MECHANISM) {
    // The configuration check guarantees both credentials with a mechanism.
    const sasl: SASLOptions = {
      mechanism: env.KAFKA_SASL_MECHANISM,
      username: env.KAFKA_SASL_USERNAME!,
      password: env.KAFKA_SASL_PASSWORD!,
    };
    security.sasl = sasl;
  }
  return security;
}
