import { describe, expect, it } from 'vitest';
import {
  signExpiringLinkToken,
  signLinkToken,
  signScopedLinkToken,
  verifyExpiringLinkToken,
  verifyLinkToken,
  verifyScopedLinkToken,
} from './link-tokens.js';

const secret = 'a-secret-of-at-least-16';

describe('link tokens', () => {
  it('names the member they were signed for', () => {
    expect(verifyLinkToken(secret, 'unsubscribe-digest', signLinkToken(secret, 'unsubscribe-digest', 42))).toBe(42);
  });

  it('refuses another secret, another member, a changed or malformed token', () => {
    const token = signLinkToken(secret, 'unsubscribe-digest', 42);
    expect(verifyLinkToken('another-secret-16chars', 'unsubscribe-digest', token)).toBeNull();
    expect(verifyLinkToken(secret, 'unsubscribe-digest', token.replace(/^42\./, '43.'))).toBeNull();
    expect(verifyLinkToken(secret, 'unsubscribe-digest', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const bad of ['', '42', '42.', 'x.y', `0.${token.split('.')[1]}`, `${token}x`])
      expect(verifyLinkToken(secret, 'unsubscribe-digest', bad)).toBeNull();
  });
});

describe('scoped link tokens (the sign-in unlock link, decision 033)', () => {
  it('name the member and the scope, and refuse any change to either', () => {
    const token = signScopedLinkToken(secret, 'unlock-sign-in', 42, '1764403200000');
    expect(verifyScopedLinkToken(secret, 'unlock-sign-in', token)).toEqual({ userId: 42, scope: '1764403200000' });
    const [, , mac] = token.split('.');
    for (const forged of [
      `43.1764403200000.${mac}`,
      `42.1764403200001.${mac}`,
      token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      `42.${mac}`,
      'nonsense',
    ]) {
      expect(verifyScopedLinkToken(secret, 'unlock-sign-in', forged), forged).toBeNull();
    }
    expect(verifyScopedLinkToken('another-secret-of-16', 'unlock-sign-in', token)).toBeNull();
    expect(verifyScopedLinkToken(secret, 'unsubscribe-digest', token)).toBeNull();
    // An unscoped token of the same member never passes as a scoped one.
    expect(verifyScopedLinkToken(secret, 'unlock-sign-in', signLinkToken(secret, 'unlock-sign-in', 42))).toBeNull();
  });
});

describe('expiring link tokens (decision 035)', () => {
  const link = { userId: 42, subject: '0123456789abcdef0123456789abcdef', expiresAt: new Date('2026-12-06T09:00:00Z') };

  it('name the member, the subject and the expiry they were signed for', () => {
    expect(verifyExpiringLinkToken(secret, 'data-archive', signExpiringLinkToken(secret, 'data-archive', link))).toEqual(link);
  });

  it('refuse another secret, another member, subject or expiry, and a changed or malformed token', () => {
    const token = signExpiringLinkToken(secret, 'data-archive', link);
    const [user, subject, expiry, mac] = token.split('.') as [string, string, string, string];
    expect(verifyExpiringLinkToken('another-secret-16chars', 'data-archive', token)).toBeNull();
    for (const changed of [
      [String(Number(user) + 1), subject, expiry, mac],
      [user, subject.replace(/^0/, '1'), expiry, mac],
      [user, subject, String(Number(expiry) + 3600), mac],
      [user, subject, expiry, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`],
    ])
      expect(verifyExpiringLinkToken(secret, 'data-archive', changed.join('.'))).toBeNull();
    for (const bad of ['', '42', `${token}x`, `0.${subject}.${expiry}.${mac}`, `${user}.XYZ.${expiry}.${mac}`])
      expect(verifyExpiringLinkToken(secret, 'data-archive', bad)).toBeNull();
  });

  it('are never made for a subject that is not lower-case hex', () => {
    expect(() => signExpiringLinkToken(secret, 'data-archive', { ...link, subject: '../x' })).toThrow();
  });
});
