import { describe, expect, it } from 'vitest';
import {
  authCookies,
  clearAuthCookies,
  cookieHeaders,
  expireCookie,
  readCookie,
  REFRESH_TOKEN_MAX_AGE_SECONDS,
  serializeCookie,
} from './cookies.server';

const withCookie = (cookie: string, headers: Record<string, string> = {}) =>
  new Request('http://web.test/', { headers: { cookie, ...headers } });
const plain = new Request('http://web.test/');
const behindHttps = new Request('http://web.test/', { headers: { 'x-forwarded-proto': 'https' } });

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

describe('serializeCookie', () => {
  it('builds an httpOnly, Lax, path-wide cookie with Max-Age', () => {
    expect(serializeCookie(plain, 'kora_at', 'a.b.c', 900)).toBe('kora_at=a.b.c; Max-Age=900; Path=/; HttpOnly; SameSite=Lax');
  });

  it('adds Secure behind an https gateway and encodes the value', () => {
    const cookie = serializeCookie(behindHttps, 'kora_rt', 'a+b/c=', 60);
    expect(cookie).toBe('kora_rt=a%2Bb%2Fc%3D; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax');
    // What the gateway and readCookie get back.
    expect(readCookie(withCookie(cookie.split(';')[0]!), 'kora_rt')).toBe('a+b/c=');
  });

  it('honours only the first X-Forwarded-Proto hop', () => {
    const request = new Request('http://web.test/', { headers: { 'x-forwarded-proto': 'http, https' } });
    expect(serializeCookie(request, 'x', 'y', 1)).not.toMatch(/Secure/);
  });
});

describe('authCookies / clearAuthCookies', () => {
  it('stores the access token for expiresIn and the refresh token for 30 days', () => {
    const [access, refresh] = authCookies(behindHttps, { token: 'at', refreshToken: 'rt', expiresIn: 900 });
    expect(access).toBe('kora_at=at; Max-Age=900; Path=/; HttpOnly; Secure; SameSite=Lax');
    expect(refresh).toBe(`kora_rt=rt; Max-Age=${REFRESH_TOKEN_MAX_AGE_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`);
    expect(REFRESH_TOKEN_MAX_AGE_SECONDS).toBe(2_592_000);
  });

  it('expires both cookies on path /', () => {
    const [access, refresh] = clearAuthCookies(plain);
    expect(access).toMatch(/^kora_at=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    expect(refresh).toMatch(/^kora_rt=; Max-Age=0; Path=\/;/);
  });

  it('keeps every cookie on its own Set-Cookie line', () => {
    const headers = cookieHeaders(clearAuthCookies(plain));
    expect(headers.getSetCookie()).toHaveLength(2);
  });
});

describe('expireCookie', () => {
  it('expires on path / and adds Secure behind an https gateway', () => {
    const cookie = expireCookie(withCookie(''), 'kora_at');
    expect(cookie).toMatch(/^kora_at=; Max-Age=0; Path=\/;/);
    expect(cookie).not.toMatch(/Secure/);
    expect(expireCookie(withCookie('', { 'x-forwarded-proto': 'https' }), 'kora_rt')).toMatch(/; Secure;/);
  });
});
