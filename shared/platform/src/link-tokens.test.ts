import { describe, expect, it } from 'vitest';
import { signLinkToken, verifyLinkToken } from './link-tokens.js';

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
