import { describe, expect, it } from 'vitest';
import { kafkaClientSecurity } from './kafka-client.mjs';

describe('kafkaClientSecurity (the tools’ Kafka clients)', () => {
  it('is plaintext without TLS or SASL variables', async () => {
    expect(await kafkaClientSecurity({ KAFKA_BROKERS: 'k:9092', KAFKA_TOPIC_PREFIX: 'x.' })).toEqual({});
    expect(await kafkaClientSecurity({ KAFKA_SSL: '', KAFKA_SASL_MECHANISM: '' })).toEqual({});
  });

  it('reads the variables as the services do', async () => {
    expect(
      await kafkaClientSecurity({
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
        KAFKA_SASL_USERNAME: 'u',
        KAFKA_SASL_PASSWORD: 'p',
      }),
    ).toEqual({ ssl: true, sasl: { mechanism: 'scram-sha-512', username: 'u', password: 'p' } });
  });

  it('refuses what the services refuse', async () => {
    await expect(kafkaClientSecurity({ KAFKA_SASL_MECHANISM: 'plain' })).rejects.toThrow(/KAFKA_SASL_USERNAME[\s\S]*KAFKA_SASL_PASSWORD/);
  });
});
