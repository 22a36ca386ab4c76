import { ConfigError, kafkaSecurity, loadConfig } from '@kora/platform';
import { serviceNames } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { gatewayEnvSchema, upstreamsFromEnv, upstreamVariables } from './config.js';

const upstreamEnv = Object.fromEntries(Object.values(upstreamVariables).map((name, i) => [name, `http://127.0.0.1:${4101 + i}`]));
const minimal = {
  INTERNAL_SECRET: 'x'.repeat(16),
  ACCESS_TOKEN_SECRET: 'y'.repeat(16),
  CACHE_STORE: 'memory',
  EVENT_BUS: 'memory',
  ...upstreamEnv,
};

describe('gatewayEnvSchema', () => {
  it('applies the documented defaults', () => {
    const env = loadConfig(gatewayEnvSchema, minimal);
    expect(env).toMatchObject({
      HOST: '0.0.0.0',
      PORT: 8080,
      LOG_LEVEL: 'info',
      CORS_ORIGINS: [],
      RATE_LIMIT_PER_MINUTE: 600,
      ADDRESS_RATE_LIMIT_PER_MINUTE: 3000,
      AUTH_RATE_LIMIT_PER_MINUTE: 10,
      AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE: 1000,
      SIGNUP_ADDRESSES_PER_HOUR: 60,
      TRUST_PROXY: false,
      REPRESENTATIVE_RATE_LIMIT_PER_HOUR: 5,
      PAYMENT_RATE_LIMIT_PER_MINUTE: 10,
      UPSTREAM_TIMEOUT_MS: 15_000,
      UPSTREAM_CONNECT_TIMEOUT_MS: 2_000,
      CACHE_STORE: 'memory',
    });
    expect(loadConfig(gatewayEnvSchema, { ...minimal, CACHE_STORE: undefined, REDIS_URL: 'redis://r:6379' }).CACHE_STORE).toBe('redis');
  });

  it('trusts no proxy unless TRUST_PROXY names them by address, and refuses anything else', () => {
    expect(loadConfig(gatewayEnvSchema, minimal).TRUST_PROXY).toBe(false);
    expect(loadConfig(gatewayEnvSchema, { ...minimal, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig(gatewayEnvSchema, { ...minimal, TRUST_PROXY: ' 10.0.3.7, 10.8.0.0/16 ,loopback' }).TRUST_PROXY).toBe(
      '10.0.3.7,10.8.0.0/16,loopback',
    );
    for (const bad of ['true', '1', 'ingress.local', '10.0.0.0/99']) {
      expect(() => loadConfig(gatewayEnvSchema, { ...minimal, TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });

  it('normalises CORS origins and refuses entries that are not origins', () => {
    expect(loadConfig(gatewayEnvSchema, { ...minimal, CORS_ORIGINS: ' https://a.example/ , http://b.example:8080' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(() => loadConfig(gatewayEnvSchema, { ...minimal, CORS_ORIGINS: 'not a url' })).toThrow(ConfigError);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig(gatewayEnvSchema, { INTERNAL_SECRET: 'short', CACHE_STORE: 'redis', POSTS_URL: 'ftp://x', WEB_URL: 'http://w/app' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['INTERNAL_SECRET', 'ACCESS_TOKEN_SECRET', 'REDIS_URL', 'AUTH_URL', 'POSTS_URL', 'WEB_URL']) {
        expect(problems).toContain(name);
      }
    }
  });

  it('takes the services’ Kafka TLS and SASL variables and refuses the same bad combinations, with the other problems', () => {
    const kafka = { EVENT_BUS: 'kafka', KAFKA_BROKERS: 'k:9093' };
    const env = loadConfig(gatewayEnvSchema, {
      ...minimal,
      ...kafka,
      KAFKA_SSL: 'true',
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-256',
      KAFKA_SASL_USERNAME: 'kora',
      KAFKA_SASL_PASSWORD: 'p',
    });
    expect(kafkaSecurity(env)).toEqual({ ssl: true, sasl: { mechanism: 'scram-sha-256', username: 'kora', password: 'p' } });
    try {
      loadConfig(gatewayEnvSchema, {
        ...minimal,
        ...kafka,
        ACCESS_TOKEN_SECRET: undefined,
        KAFKA_SASL_MECHANISM: 'plain',
        KAFKA_SSL_CA_FILE: '/ca.pem',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['ACCESS_TOKEN_SECRET', 'KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD', 'KAFKA_SSL_CA_FILE'])
        expect(problems).toContain(name);
    }
  });

  it('maps every service and the web app to its URL', () => {
    const upstreams = upstreamsFromEnv(loadConfig(gatewayEnvSchema, { ...minimal, STORIES_REELS_URL: 'http://stories:4105/' }));
    expect(Object.keys(upstreams).sort()).toEqual([...serviceNames, 'web'].sort());
    expect(upstreams['stories-reels']).toBe('http://stories:4105');
    expect(upstreams.web).toBe(upstreamEnv.WEB_URL);
  });

  it('takes several notifications instances in NOTIFICATIONS_URL, comma-separated; one origin as before', () => {
    const one = loadConfig(gatewayEnvSchema, minimal);
    expect(one.NOTIFICATIONS_URL).toEqual([upstreamEnv.NOTIFICATIONS_URL]);
    const two = loadConfig(gatewayEnvSchema, { ...minimal, NOTIFICATIONS_URL: ' http://n1:4109/ , http://n2:4109,http://n1:4109' });
    expect(two.NOTIFICATIONS_URL).toEqual(['http://n1:4109', 'http://n2:4109']);
    // Health probes and API documents ask the first.
    expect(upstreamsFromEnv(two).notifications).toBe('http://n1:4109');
    for (const bad of ['', ' , ', 'http://n1:4109,http://n2:4109/path', 'http://n1:4109,ftp://n2']) {
      expect(() => loadConfig(gatewayEnvSchema, { ...minimal, NOTIFICATIONS_URL: bad }), bad).toThrow(ConfigError);
    }
  });
});
