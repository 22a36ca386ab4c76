import { afterEach, describe, expect, it } from 'vitest';
import { configureServerEnv, DEV_INTERNAL_SECRET, getServerEnv, parseEnv } from './env.server';

describe('parseEnv', () => {
  it('applies defaults outside production', () => {
    const env = parseEnv({});
    expect(env.GATEWAY_URL).toBe('http://127.0.0.1:8080');
    expect(env.INTERNAL_SECRET).toBe(DEV_INTERNAL_SECRET);
    expect(env.PUBLIC_SITE_NAME).toBe('Kora');
  });

  it('treats empty strings as unset and trims a trailing slash from the gateway URL', () => {
    const env = parseEnv({ PUBLIC_SITE_NAME: '', GATEWAY_URL: 'http://gw:8080/' });
    expect(env.PUBLIC_SITE_NAME).toBe('Kora');
    expect(env.GATEWAY_URL).toBe('http://gw:8080');
  });

  it('takes the site time zone, Africa/Lagos by default, and refuses one Intl does not know', () => {
    expect(parseEnv({}).KORA_TIME_ZONE).toBe('Africa/Lagos');
    expect(parseEnv({ KORA_TIME_ZONE: 'Europe/London' }).KORA_TIME_ZONE).toBe('Europe/London');
    expect(() => parseEnv({ KORA_TIME_ZONE: 'Mars/Olympus' })).toThrow(/KORA_TIME_ZONE/);
  });

  it('refuses the development secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'production', INTERNAL_SECRET: DEV_INTERNAL_SECRET })).toThrow(/INTERNAL_SECRET/);
    expect(parseEnv({ NODE_ENV: 'production', INTERNAL_SECRET: 'a'.repeat(32) }).INTERNAL_SECRET).toBe('a'.repeat(32));
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      parseEnv({ GATEWAY_URL: 'not a url', INTERNAL_SECRET: 'short' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/GATEWAY_URL/);
    expect(message).toMatch(/INTERNAL_SECRET/);
  });
});

describe('configureServerEnv', () => {
  afterEach(() => configureServerEnv({}));

  it('overrides process.env, eagerly or through a getter read on first use', () => {
    configureServerEnv({ GATEWAY_URL: 'http://127.0.0.1:9999', INTERNAL_SECRET: 'x'.repeat(32) });
    expect(getServerEnv().GATEWAY_URL).toBe('http://127.0.0.1:9999');
    expect(getServerEnv().INTERNAL_SECRET).toBe('x'.repeat(32));

    let port = 0;
    configureServerEnv(() => ({ GATEWAY_URL: `http://127.0.0.1:${port}` }));
    port = 8181;
    expect(getServerEnv().GATEWAY_URL).toBe('http://127.0.0.1:8181');
  });
});
