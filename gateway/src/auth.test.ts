import { IDENTITY_HEADER, signIdentity, verifyIdentity } from '@kora/platform/identity';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announceRevokedSession } from '@kora/platform/access-token';
import { presentedCredential } from './auth.js';
import {
  mintAccessToken,
  startFakeUpstreams,
  startTestGateway,
  TEST_INTERNAL_SECRET,
  type FakeUpstreams,
  type TestGateway,
} from './test-support.js';

let fakes: FakeUpstreams;
let gateway: TestGateway;
const ALLOWED = 'https://partner.example';

beforeAll(async () => {
  fakes = await startFakeUpstreams();
  gateway = await startTestGateway(fakes.urls, { CORS_ORIGINS: ALLOWED });
});
afterAll(async () => {
  await gateway?.close();
  await fakes?.close();
});
beforeEach(() => {
  fakes.hits.length = 0;
});

async function call(path: string, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', headers: Record<string, string> = {}) {
  const res = await request(`${gateway.url}${path}`, { method, headers });
  const text = await res.body.text();
  const json = String(res.headers['content-type']).startsWith('application/json');
  return { status: res.statusCode, headers: res.headers, body: json ? (JSON.parse(text) as Record<string, unknown>) : null };
}

function forwardedIdentity() {
  expect(fakes.hits).toHaveLength(1);
  return fakes.hits[0]!.headers[IDENTITY_HEADER];
}

// An identity the gateway itself would sign: forging it needs only INTERNAL_SECRET, which a client
// must never be able to use through the gateway.
const forged = signIdentity({ userId: 1, role: 'admin', sessionId: 'forged' }, TEST_INTERNAL_SECRET);

describe('identity at the edge', () => {
  it('never forwards a client-sent identity header', async () => {
    const res = await call('/api/posts', 'GET', { [IDENTITY_HEADER]: forged });
    expect(res.status).toBe(200);
    expect(forwardedIdentity()).toBeUndefined();
  });

  it('forwards a gateway-signed identity for a valid bearer token, replacing a forged one', async () => {
    const token = await mintAccessToken({ sub: 42, role: 'user', sid: 'sess-42' });
    await call('/api/posts', 'GET', { authorization: `Bearer ${token}`, [IDENTITY_HEADER]: forged });
    const identity = verifyIdentity(forwardedIdentity(), TEST_INTERNAL_SECRET);
    expect(identity).toEqual({ userId: 42, role: 'user', sessionId: 'sess-42' });
  });

  it('accepts the kora_at cookie and forwards the cookies themselves untouched', async () => {
    const token = await mintAccessToken({ sub: 7, role: 'admin', sid: 's7' });
    await call('/api/admin/stats', 'GET', { cookie: `theme=dark; kora_at=${token}; kora_rt=refresh` });
    expect(verifyIdentity(forwardedIdentity(), TEST_INTERNAL_SECRET)).toEqual({ userId: 7, role: 'admin', sessionId: 's7' });
    expect(fakes.hits[0]!.headers.cookie).toBe(`theme=dark; kora_at=${token}; kora_rt=refresh`);
  });

  it('also vouches for the member on web-app pages (SSR needs to know who is signed in)', async () => {
    const token = await mintAccessToken({ sub: 9 });
    await call('/', 'GET', { cookie: `kora_at=${token}` });
    expect(verifyIdentity(forwardedIdentity(), TEST_INTERNAL_SECRET)?.userId).toBe(9);
  });

  it.each([
    ['expired', () => mintAccessToken({ sub: 3, expiresAt: Math.floor(Date.now() / 1000) - 60 })],
    ['garbage', () => Promise.resolve('not-a-jwt')],
    ['wrong secret', () => mintAccessToken({ sub: 3, secret: 'some-other-secret-0123456789' })],
    ['wrong issuer', () => mintAccessToken({ sub: 3, issuer: 'someone-else' })],
    ['wrong audience', () => mintAccessToken({ sub: 3, audience: 'other' })],
    ['non-numeric sub', () => mintAccessToken({ sub: 'abc' })],
  ])('%s token: no identity, the request still goes through, x-kora-auth says invalid-token', async (_name, make) => {
    const token = await make();
    const res = await call('/api/posts', 'GET', { authorization: `Bearer ${token}`, [IDENTITY_HEADER]: forged });
    expect(res.status).toBe(200);
    expect(res.headers['x-kora-auth']).toBe('invalid-token');
    expect(forwardedIdentity()).toBeUndefined();
  });

  it('treats a token of a revoked session as invalid', async () => {
    const token = await mintAccessToken({ sub: 5, sid: 'revoked-one' });
    await announceRevokedSession(gateway.store, 'revoked-one');
    const res = await call('/api/posts', 'GET', { authorization: `Bearer ${token}` });
    expect(res.headers['x-kora-auth']).toBe('invalid-token');
    expect(forwardedIdentity()).toBeUndefined();
  });

  it("refuses a session auth's answer says it ended at once, without waiting for the announcement, and keeps the header inside", async () => {
    const token = await mintAccessToken({ sub: 5, sid: 'ended-by-answer' });
    expect((await call('/api/posts', 'GET', { authorization: `Bearer ${token}` })).headers['x-kora-auth']).toBeUndefined();
    // Nothing is announced in the store: only the sign-out's answer names the session.
    const signedOut = await call('/api/auth/ends-sessions?sids=ended-by-answer,another', 'POST', { authorization: `Bearer ${token}` });
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers['x-kora-ended-sessions']).toBeUndefined();
    fakes.hits.length = 0;
    const res = await call('/api/posts', 'GET', { authorization: `Bearer ${token}` });
    expect(res.headers['x-kora-auth']).toBe('invalid-token');
    expect(forwardedIdentity()).toBeUndefined();
  });

  it('believes that header from auth only', async () => {
    const token = await mintAccessToken({ sub: 5, sid: 'named-by-posts' });
    const answer = await call('/api/posts/ends-sessions?sids=named-by-posts', 'POST', { authorization: `Bearer ${token}` });
    expect(answer.headers['x-kora-ended-sessions']).toBeUndefined();
    fakes.hits.length = 0;
    const res = await call('/api/posts', 'GET', { authorization: `Bearer ${token}` });
    expect(res.headers['x-kora-auth']).toBeUndefined();
    expect(verifyIdentity(forwardedIdentity(), TEST_INTERNAL_SECRET)).toMatchObject({ userId: 5, sessionId: 'named-by-posts' });
  });

  it('adds no x-kora-auth header for anonymous requests', async () => {
    const res = await call('/api/posts', 'GET');
    expect(res.headers['x-kora-auth']).toBeUndefined();
  });

  it('prefers the bearer token when both are present', () => {
    expect(presentedCredential({ authorization: 'Bearer abc', cookie: 'kora_at=def' })).toEqual({
      credential: 'bearer',
      token: 'abc',
      hasSessionCookie: true,
    });
    expect(presentedCredential({ authorization: 'Basic xyz', cookie: 'kora_at=def' }).credential).toBe('cookie');
    expect(presentedCredential({ cookie: 'kora_rt=r' })).toEqual({ credential: 'none', token: null, hasSessionCookie: true });
  });
});

describe('CSRF', () => {
  const csrfBody = { error: 'Cross-site request refused', message: 'Cross-site request refused', code: 'CSRF_REJECTED' };
  let cookie: string;
  beforeAll(async () => {
    cookie = `kora_at=${await mintAccessToken({ sub: 11 })}`;
  });

  it('refuses a cookie-authenticated POST from another site, without calling the service', async () => {
    const res = await call('/api/posts', 'POST', { cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(csrfBody);
    expect(fakes.hits).toHaveLength(0);
  });

  it('refuses a cookie-authenticated POST with no Origin or Referer at all', async () => {
    const res = await call('/api/posts', 'DELETE', { cookie });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(csrfBody);
  });

  it('judges by the Referer when there is no Origin', async () => {
    expect((await call('/api/posts', 'POST', { cookie, referer: 'https://evil.example/page' })).status).toBe(403);
    expect((await call('/api/posts', 'POST', { cookie, referer: `${gateway.url}/feed` })).status).toBe(200);
  });

  it('refuses a refresh-cookie-only request from another site (token refresh is a state change)', async () => {
    const res = await call('/api/auth/refresh', 'POST', { cookie: 'kora_rt=abc', origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('accepts a same-origin cookie POST', async () => {
    const res = await call('/api/posts', 'POST', { cookie, origin: gateway.url });
    expect(res.status).toBe(200);
    expect(verifyIdentity(forwardedIdentity(), TEST_INTERNAL_SECRET)?.userId).toBe(11);
  });

  it('accepts a cookie POST from an allowed CORS origin', async () => {
    const res = await call('/api/posts', 'PATCH', { cookie, origin: ALLOWED });
    expect(res.status).toBe(200);
  });

  it('needs no CSRF check for a valid bearer token without cookies', async () => {
    const token = await mintAccessToken({ sub: 12 });
    const res = await call('/api/posts', 'POST', { authorization: `Bearer ${token}`, origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    expect(verifyIdentity(forwardedIdentity(), TEST_INTERNAL_SECRET)?.userId).toBe(12);
  });

  it('exempts a valid bearer token only when no session cookie rides along', async () => {
    const token = await mintAccessToken({ sub: 13 });
    const evil = { authorization: `Bearer ${token}`, origin: 'https://evil.example' };
    // A first sight (signature checked on the slow path) and a second (remembered): both refused.
    for (const headers of [
      { ...evil, cookie },
      { ...evil, cookie },
      { ...evil, cookie: 'kora_rt=abc' },
    ]) {
      const res = await call('/api/auth/refresh', 'POST', headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(csrfBody);
    }
    expect(fakes.hits).toHaveLength(0);
    expect((await call('/api/posts', 'POST', evil)).status).toBe(200);
  });

  it('refuses an invalid bearer token beside a session cookie from another site (the cookie is what would act)', async () => {
    for (const bearer of [
      'Bearer not-a-token',
      'Bearer ',
      `Bearer ${await mintAccessToken({ sub: 14, expiresAt: Math.floor(Date.now() / 1000) - 60 })}`,
    ]) {
      for (const target of ['/api/auth/refresh', '/settings', '/api/posts']) {
        const res = await call(target, 'POST', { authorization: bearer, cookie, origin: 'https://evil.example' });
        expect(res.status, `${bearer} ${target}`).toBe(403);
        expect(res.body).toEqual(csrfBody);
      }
    }
    expect(fakes.hits).toHaveLength(0);
  });

  it('refuses an invalid bearer token without cookies from another site, as any cookie-less cross-site POST', async () => {
    for (let seen = 0; seen < 2; seen++) {
      const res = await call('/api/posts', 'POST', { authorization: 'Bearer forged.token.here', origin: 'https://evil.example' });
      expect(res.status).toBe(403);
    }
    const revoked = await mintAccessToken({ sub: 15, sid: 'ended-session' });
    await announceRevokedSession(gateway.store, 'ended-session');
    expect((await call('/api/posts', 'POST', { authorization: `Bearer ${revoked}`, origin: 'https://evil.example' })).status).toBe(403);
    expect(fakes.hits).toHaveLength(0);
    // Without an Origin (a server-to-server caller) an invalid token is no cross-site request.
    expect((await call('/api/posts', 'POST', { authorization: 'Bearer forged.token.here' })).status).toBe(200);
  });

  it('lets safe methods through whatever their origin', async () => {
    const res = await call('/api/posts', 'GET', { cookie, origin: 'https://evil.example' });
    expect(res.status).toBe(200);
  });

  it('lets a cookie-less POST without Origin through (server-to-server callers, webhooks)', async () => {
    const res = await call('/api/payments/webhook', 'POST');
    expect(res.status).toBe(200);
  });

  it('refuses a cross-site sign-in even without cookies (login CSRF)', async () => {
    const res = await call('/api/signin', 'POST', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('also protects web-app form actions', async () => {
    expect((await call('/settings', 'POST', { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('/settings', 'POST', { cookie, origin: gateway.url })).status).toBe(200);
  });
});
