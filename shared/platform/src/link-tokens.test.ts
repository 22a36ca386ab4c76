import { describe, expect, it } from 'vitest';
import { signLinkToken, signScopedLinkToken, verifyLinkToken, verifyScopedLinkToken } from './link-tokens.js';

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
