import { ConfigError } from '@kora/platform';
import { describe, expect, it } from 'vitest';
import { devOutboxEnabled } from '@kora/platform/mail';
import { loadAuthConfig } from './config.js';

const secret = { ACCESS_TOKEN_SECRET: 's'.repeat(16) };

describe('auth configuration', () => {
  it('has defaults for everything but the access-token secret', () => {
    expect(loadAuthConfig(secret)).toEqual({
      ...secret,
      PUBLIC_URL: 'http://localhost:8080',
      SMTP_URL: undefined,
      MAIL_DEV_OUTBOX: false,
      MAIL_FROM: 'Kora <no-reply@kora.local>',
      KORA_TIME_ZONE: 'Africa/Lagos',
      KORA_DELETION_GRACE_SECONDS: 30 * 24 * 60 * 60,
      KORA_ERASURE_SWEEP_EVERY_MS: 10 * 60 * 1000,
      KORA_SIGN_IN_FIRST_WAIT_MS: 2000,
    });
  });

  it('takes the first admin as all three KORA_ADMIN_* or none, naming the missing ones', () => {
    const all = { KORA_ADMIN_EMAIL: ' Boss@Kora.NG ', KORA_ADMIN_USERNAME: 'boss', KORA_ADMIN_PASSWORD: 'long enough pw' };
    expect(loadAuthConfig({ ...secret, ...all })).toMatchObject({
      KORA_ADMIN_EMAIL: 'boss@kora.ng',
      KORA_ADMIN_USERNAME: 'boss',
      KORA_ADMIN_PASSWORD: 'long enough pw',
    });
    expect(
      loadAuthConfig({ ...secret, KORA_ADMIN_EMAIL: '', KORA_ADMIN_USERNAME: '', KORA_ADMIN_PASSWORD: '' }).KORA_ADMIN_EMAIL,
    ).toBeUndefined();
    try {
      loadAuthConfig({ ...secret, KORA_ADMIN_EMAIL: 'boss@kora.ng' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/KORA_ADMIN_USERNAME.*KORA_ADMIN_EMAIL/);
      expect(problems).toMatch(/KORA_ADMIN_PASSWORD.*all three, or none/);
    }
    expect(() => loadAuthConfig({ ...secret, ...all, KORA_ADMIN_PASSWORD: 'short' })).toThrow(/KORA_ADMIN_PASSWORD/);
    expect(() => loadAuthConfig({ ...secret, ...all, KORA_ADMIN_EMAIL: 'not-an-address' })).toThrow(/KORA_ADMIN_EMAIL/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadAuthConfig({ ACCESS_TOKEN_SECRET: 'short', SMTP_URL: 'http://mail', MAIL_DEV_OUTBOX: 'maybe' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['ACCESS_TOKEN_SECRET', 'SMTP_URL', 'MAIL_DEV_OUTBOX']) expect(problems).toContain(name);
    }
    expect(() => loadAuthConfig({})).toThrow(/ACCESS_TOKEN_SECRET/);
  });

  it('reads switches and URLs; an empty SMTP_URL means none', () => {
    const config = loadAuthConfig({ ...secret, MAIL_DEV_OUTBOX: 'true', SMTP_URL: '', PUBLIC_URL: 'https://kora.ng/' });
    expect(config).toMatchObject({ MAIL_DEV_OUTBOX: true, SMTP_URL: undefined, PUBLIC_URL: 'https://kora.ng' });
    expect(devOutboxEnabled(config)).toBe(true);
    expect(devOutboxEnabled(loadAuthConfig({ ...secret, MAIL_DEV_OUTBOX: '1', SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBe(false);
  });
});
