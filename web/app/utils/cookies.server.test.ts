import { describe, expect, it } from 'vitest';
import { expireCookie, readCookie } from './cookies.server';

const withCookie = (cookie: string, headers: Record<string, string> = {}) =>
  new Request('http://web.test/', { headers: { cookie, ...headers } });

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    const request = withCookie('a=1; kora_at=eyJ.abc.def; b=x%20y');
    expect(readCookie(request, 'kora_at')).toBe('eyJ.abc.def');
    expect(readCookie(request, 'b')).toBe('x y');
  });

  it('does not match a name that merely ends with the wanted one', () => {
    expect(readCookie(withCookie('xkora_at=1'), 'kora_at')).toBeNull();
    expect(readCookie(new Request('http://web.test/'), 'kora_at')).toBeNull();
  });
});

describe('expireCookie', () => {
  it('expires on path / and adds Secure behind an https gateway', () => {
    const plain = expireCookie(withCookie(''), 'kora_at');
    expect(plain).toMatch(/^kora_at=; Path=\/; Max-Age=0/);
    expect(plain).not.toMatch(/Secure/);
    expect(expireCookie(withCookie('', { 'x-forwarded-proto': 'https' }), 'kora_rt')).toMatch(/Secure$/);
  });
});
