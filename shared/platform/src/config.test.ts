import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, requireServers, serviceEnvSchema } from './config.js';
import { kafkaSecurity } from './events/kafka-security.js';

describe('service configuration', () => {
  it('lists every bad variable at once', () => {
    try {
      loadConfig(requireServers(serviceEnvSchema), { PORT: 'eighty', DB_DRIVER: 'mongo' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('INTERNAL_SECRET');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DB_DRIVER');
    }
  });

  it('requires the servers of the distributed adapters it chose', () => {
    expect(() => loadConfig(requireServers(serviceEnvSchema), { INTERNAL_SECRET: 'x'.repeat(16) })).toThrow(
      /DATABASE_URL[\s\S]*KAFKA_BROKERS[\s\S]*REDIS_URL/,
    );
    const embedded = loadConfig(requireServers(serviceEnvSchema), {
      INTERNAL_SECRET: 'x'.repeat(16),
      DB_DRIVER: 'pglite',
      EVENT_BUS: 'memory',
      JOB_RUNNER: 'memory',
      CACHE_STORE: 'memory',
    });
    expect(embedded.DB_DRIVER).toBe('pglite');
  });

  it('parses lists and numbers', () => {
    const env = loadConfig(serviceEnvSchema, { INTERNAL_SECRET: 'x'.repeat(16), KAFKA_BROKERS: 'a:1, b:2,', PORT: '4001' });
    expect(env.KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
    expect(env.PORT).toBe(4001);
  });
});

describe('Kafka TLS and SASL configuration', () => {
  const base = {
    INTERNAL_SECRET: 'x'.repeat(16),
    DB_DRIVER: 'pglite',
    JOB_RUNNER: 'memory',
    CACHE_STORE: 'memory',
    KAFKA_BROKERS: 'k:9093',
  };
  const parse = (vars: Record<string, string>) => loadConfig(requireServers(serviceEnvSchema), { ...base, ...vars });
  const problems = (vars: Record<string, string>) => {
    try {
      parse(vars);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };
  const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kora-kafka-ca-')), 'ca.pem');
  fs.writeFileSync(caFile, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');

  it('is plaintext when nothing is set (or only blanks)', () => {
    expect(kafkaSecurity(parse({}))).toEqual({});
    expect(kafkaSecurity(parse({ KAFKA_SSL: '', KAFKA_SASL_MECHANISM: '', KAFKA_SASL_USERNAME: '' }))).toEqual({});
  });

  it('maps SASL, in kafkajs or Kafka spelling, and TLS with the system CAs or a CA file', () => {
    const scram = { KAFKA_SASL_USERNAME: 'kora', KAFKA_SASL_PASSWORD: 's3cret' };
    expect(kafkaSecurity(parse({ KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512', ...scram }))).toEqual({
      sasl: { mechanism: 'scram-sha-512', username: 'kora', password: 's3cret' },
    });
    expect(kafkaSecurity(parse({ KAFKA_SSL: 'true', KAFKA_SASL_MECHANISM: 'plain', ...scram }))).toEqual({
      ssl: true,
      sasl: { mechanism: 'plain', username: 'kora', password: 's3cret' },
    });
    expect(kafkaSecurity(parse({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: caFile }))).toEqual({
      ssl: { ca: [fs.readFileSync(caFile, 'utf8')] },
    });
    expect(kafkaSecurity(parse({ KAFKA_SSL: 'false' }))).toEqual({});
  });

  it('refuses combinations that cannot connect, naming each variable', () => {
    expect(problems({ KAFKA_SASL_MECHANISM: 'scram-sha-256' })).toEqual([
      'KAFKA_SASL_USERNAME: required when KAFKA_SASL_MECHANISM=scram-sha-256 (not set)',
      'KAFKA_SASL_PASSWORD: required when KAFKA_SASL_MECHANISM=scram-sha-256 (not set)',
    ]);
    expect(problems({ KAFKA_SASL_USERNAME: 'kora', KAFKA_SASL_PASSWORD: 'p' })).toEqual([
      'KAFKA_SASL_USERNAME: needs KAFKA_SASL_MECHANISM (plain, scram-sha-256, scram-sha-512)',
      'KAFKA_SASL_PASSWORD: needs KAFKA_SASL_MECHANISM (plain, scram-sha-256, scram-sha-512)',
    ]);
    expect(problems({ KAFKA_SSL_CA_FILE: caFile })).toEqual(['KAFKA_SSL_CA_FILE: needs KAFKA_SSL=true']);
    expect(problems({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: '/no/such/ca.pem' })).toEqual([
      'KAFKA_SSL_CA_FILE: /no/such/ca.pem cannot be read or holds no PEM certificate',
    ]);
    expect(problems({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: path.dirname(caFile) })).toHaveLength(1);
  });

  it('refuses values it does not know', () => {
    expect(problems({ KAFKA_SSL: 'yes' })).toEqual(['KAFKA_SSL: must be true or false']);
    expect(problems({ KAFKA_SASL_MECHANISM: 'gssapi', KAFKA_SASL_USERNAME: 'k', KAFKA_SASL_PASSWORD: 'p' })).toEqual([
      'KAFKA_SASL_MECHANISM: must be one of plain, scram-sha-256, scram-sha-512',
    ]);
  });
});
