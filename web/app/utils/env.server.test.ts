import { describe, expect, it } from 'vitest';
import { DEV_INTERNAL_SECRET, parseEnv } from './env.server';

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

  it('refuses the development secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/INTERNAL_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'production', INTERNAL_SECRET: DEV_INTERNAL_SECRET })).toThrow(
      /INTERNAL_SECRET/,
    );
    expect(parseEnv({ NODE_ENV: 'production', INTERNAL_SECRET: 'a'.repeat(32) }).INTERNAL_SECRET).toBe(
      'a'.repeat(32),
    );
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
