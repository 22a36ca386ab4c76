import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, requireServers, serviceEnvSchema } from './config.js';

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
    expect(() => loadConfig(requireServers(serviceEnvSchema), { INTERNAL_SECRET: 'x'.repeat(16) })).toThrow(/DATABASE_URL[\s\S]*KAFKA_BROKERS[\s\S]*REDIS_URL/);
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
