import { describe, expect, it } from 'vitest';
import { sanitizeNonce } from './load-context';

describe('sanitizeNonce', () => {
  it('keeps base64 nonces and drops anything that could break out of an attribute', () => {
    expect(sanitizeNonce('rAnd0m+/Nonce==')).toBe('rAnd0m+/Nonce==');
    expect(sanitizeNonce('"><script>')).toBe('');
    expect(sanitizeNonce(undefined)).toBe('');
    expect(sanitizeNonce('short')).toBe('');
  });
});
