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
    });
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
