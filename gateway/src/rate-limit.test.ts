import { createLogger, MemoryStore, type KeyValueStore } from '@kora/platform';
import { IDENTITY_HEADER, verifyIdentity } from '@kora/platform/identity';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { clientKey } from './rate-limit.js';
import {
  mintAccessToken,
  startFakeUpstreams,
  startTestGateway,
  stillClock,
  TEST_INTERNAL_SECRET,
  testEnv,
  testSiteSettings,
  type FakeUpstreams,
  type TestGateway,
} from './test-support.js';

let fakes: FakeUpstreams;
let gateway: TestGateway;
let representatives: TestGateway;

beforeAll(async () => {
  fakes = await startFakeUpstreams();
  // No trusted proxy (the default): the limit is per socket address, whatever X-Forwarded-For claims.
  gateway = await startTestGateway(
    fakes.urls,
    { ADDRESS_RATE_LIMIT_PER_MINUTE: '5', AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE: '2' },
    { now: stillClock() },
  );
  representatives = await startTestGateway(
    fakes.urls,
    { ADDRESS_RATE_LIMIT_PER_MINUTE: '1000', REPRESENTATIVE_RATE_LIMIT_PER_HOUR: '2' },
    { now: stillClock() },
  );
});
afterAll(async () => {
  await gateway?.close();
  await representatives?.close();
  await fakes?.close();
});

async function call(path: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET', base = gateway.url) {
  const res = await request(`${base}${path}`, { method, headers });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

describe('rate limits', () => {
  it('limits the sensitive auth paths harder, with retry-after and ratelimit headers', async () => {
    const first = await call('/api/signin', {}, 'POST');
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': '1' });
    expect((await call('/api/signin', {}, 'POST')).status).toBe(200);

    const limited = await call('/api/signin', {}, 'POST');
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
  });

  it('counts every anonymous /api request per address per minute, and a spoofed X-Forwarded-For does not escape it', async () => {
    // The three sign-in calls above already count towards the general window of 5.
    expect((await call('/api/posts', { 'x-forwarded-for': '1.1.1.1' })).status).toBe(200);
    expect((await call('/api/posts', { 'x-forwarded-for': '2.2.2.2' })).status).toBe(200);
    const limited = await call('/api/posts', { 'x-forwarded-for': '3.3.3.3' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['ratelimit-limit']).toBe('5');
  });

  it('limits representative applications per client per hour, counting only the posts', async () => {
    const apply = () => call('/api/representatives', {}, 'POST', representatives.url);
    const first = await apply();
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': '1' });
    // Reading (the admin's list, the form's page data) is not an application.
    for (let i = 0; i < 3; i++) expect((await call('/api/representatives', {}, 'GET', representatives.url)).status).toBe(200);
    expect((await apply()).status).toBe(200);
    const limited = await apply();
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toMatchObject({ code: 'RATE_LIMITED' });
    // The window is an hour: the client waits for it, not for the next minute.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Other paths are not held by it.
    expect((await call('/api/posts', {}, 'GET', representatives.url)).status).toBe(200);
  });

  it('also limits the WebSocket path', async () => {
    expect((await call('/ws')).status).toBe(429);
  });

  it('does not limit pages, assets, uploads or the gateway health', async () => {
    for (const path of ['/', '/assets/app.js', '/uploads/a.jpg', '/healthz', '/api/docs/assets/swagger-ui.css']) {
      expect((await call(path)).status, path).toBe(200);
    }
  });
});

describe('when the store fails', () => {
  let app: FastifyInstance;
  let base: string;
  let warnings = 0;

  beforeAll(async () => {
    // A Redis that is down: every call fails or hangs.
    const broken: KeyValueStore = Object.assign(new MemoryStore(), {
      hit: () => Promise.reject(new Error('redis down')),
      get: () => new Promise<string | null>(() => {}), // hangs: nothing may wait on it
      scan: () => Promise.reject(new Error('redis down')),
      subscribe: () => Promise.reject(new Error('redis down')),
    });
    Object.defineProperty(broken, 'kind', { value: 'redis' });
    const log = createLogger('gateway', 'warn');
    log.warn = () => void warnings++;
    app = await buildGateway({
      env: testEnv(fakes.urls, { RATE_LIMIT_PER_MINUTE: '1000', AUTH_RATE_LIMIT_PER_MINUTE: '1', AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE: '1' }),
      upstreams: fakes.urls,
      store: broken,
      log,
      siteSettings: (await testSiteSettings()).view,
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app?.close());

  it('starts, and fails open (and logs) instead of refusing or hanging', async () => {
    const token = await mintAccessToken({ sub: 77 });
    for (let i = 0; i < 3; i++) {
      // A sensitive path is counted in the store on every request: it cannot be, so it is let through.
      const signIn = await request(`${base}/api/signin`, {
        method: 'POST',
        body: JSON.stringify({ email: 'ada@example.ng', password: 'x' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(signIn.statusCode).toBe(200);
      await signIn.body.dump();
      const res = await request(`${base}/api/posts`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      // The revoked sessions could not be read: the token is accepted rather than the member signed out.
      const seen = (await res.body.json()) as { headers: Record<string, string> };
      expect(verifyIdentity(seen.headers[IDENTITY_HEADER], TEST_INTERNAL_SECRET)?.userId).toBe(77);
    }
    expect(warnings).toBeGreaterThan(0);
  });
});

describe('clientKey', () => {
  it('counts IPv4 (and IPv4-mapped) addresses one by one, IPv6 per /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::9')).toBe(clientKey('2001:db8:1:2:ffff::1'));
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
