/**
 * Every rate-limited endpoint group, one by one (decision 026): the N+1st request of a client answers
 * 429 in the error shape with Retry-After, another client (another source address) is not held by
 * it, and the same client's other /api calls are not either (the limit's scope is the group, not the
 * site). Each endpoint gets its own loopback source address, so each starts from an empty window.
 */
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstreams, startTestGateway, stillClock, type FakeUpstreams, type TestGateway } from './test-support.js';

const AUTH_LIMIT = 3;
const PAYMENT_LIMIT = 4;
const REPRESENTATIVE_LIMIT = 2;

let fakes: FakeUpstreams;
let gateway: TestGateway;
const agents: Agent[] = [];

beforeAll(async () => {
  fakes = await startFakeUpstreams();
  // No trusted proxy: a client is its socket address. The general limits are far away; the bodies
  // name no account, so the sign-in paths are held by their per-address limit.
  gateway = await startTestGateway(
    fakes.urls,
    {
      RATE_LIMIT_PER_MINUTE: '1000',
      ADDRESS_RATE_LIMIT_PER_MINUTE: '1000',
      AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      PAYMENT_RATE_LIMIT_PER_MINUTE: String(PAYMENT_LIMIT),
      REPRESENTATIVE_RATE_LIMIT_PER_HOUR: String(REPRESENTATIVE_LIMIT),
    },
    { now: stillClock() },
  );
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await gateway?.close();
  await fakes?.close();
});

let nextAddress = 10;

/** A client calling from its own loopback address (127.0.0.x), so it has windows of its own. */
function newClient() {
  const agent = new Agent({ localAddress: `127.0.0.${nextAddress++}` });
  agents.push(agent);
  return async (method: string, path: string) => {
    const res = await request(`${gateway.url}${path}`, {
      method: method as 'GET',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  };
}

type Client = ReturnType<typeof newClient>;

async function expectLimitedAfter(client: Client, method: string, path: string, limit: number) {
  for (let i = 0; i < limit; i++) expect((await client(method, path)).status, `${method} ${path} #${i + 1}`).toBe(200);
  const limited = await client(method, path);
  expect(limited.status, `${method} ${path} #${limit + 1}`).toBe(429);
  expect(JSON.parse(limited.text)).toEqual({
    error: 'Too many requests. Please wait a moment and try again.',
    message: 'Too many requests. Please wait a moment and try again.',
    code: 'RATE_LIMITED',
  });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(limited.headers['ratelimit-limit']).toBe(String(limit));
  return limited;
}

const groups: { group: string; limit: number; endpoints: [string, string][]; window: 'minute' | 'hour' }[] = [
  { group: 'sign-in', limit: AUTH_LIMIT, window: 'minute', endpoints: [['POST', '/api/signin']] },
  { group: 'registration', limit: AUTH_LIMIT, window: 'minute', endpoints: [['POST', '/api/signUp']] },
  {
    group: 'activation',
    limit: AUTH_LIMIT,
    window: 'minute',
    endpoints: [
      ['POST', '/api/activate'],
      ['POST', '/api/resend-activation'],
    ],
  },
  {
    group: 'recovery',
    limit: AUTH_LIMIT,
    window: 'minute',
    endpoints: [
      ['POST', '/api/sendForgotOtp'],
      ['POST', '/api/resend-otp'],
      ['POST', '/api/forgot-password'],
      ['POST', '/api/reset-password'],
    ],
  },
  { group: 'representatives', limit: REPRESENTATIVE_LIMIT, window: 'hour', endpoints: [['POST', '/api/representatives']] },
  {
    group: 'payments',
    limit: PAYMENT_LIMIT,
    window: 'minute',
    endpoints: [
      ['POST', '/api/payments/initialize'],
      ['POST', '/api/payments/KORA-abc123/verify'],
      ['POST', '/api/payments/KORA-abc123/sandbox-pay'],
      ['POST', '/api/packages/vip/purchase'],
    ],
  },
];

describe.each(groups)('rate limit of $group', ({ limit, endpoints, window }) => {
  it.each(endpoints)('%s %s: the N+1st answers 429 with Retry-After, for that client only', async (method, path) => {
    const client = newClient();
    const limited = await expectLimitedAfter(client, method, path, limit);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(window === 'hour' ? 3600 : 60);
    if (window === 'hour') expect(retryAfter).toBeGreaterThan(60);

    // Another client is not held by it.
    expect((await newClient()(method, path)).status).toBe(200);
    // The limited client's other calls are not either: the scope is this group, not the site.
    expect((await client('GET', '/api/posts')).status).toBe(200);
    expect((await client('GET', '/api/payments/transactions')).status).toBe(200);
  });
});

describe('rate-limit scopes', () => {
  it('counts the sign-in, sign-up and code paths in one window per client', async () => {
    const client = newClient();
    expect((await client('POST', '/api/signin')).status).toBe(200);
    expect((await client('POST', '/api/signUp')).status).toBe(200);
    expect((await client('POST', '/api/sendForgotOtp')).status).toBe(200);
    expect((await client('POST', '/api/reset-password')).status).toBe(429);
  });

  it('keeps the groups apart: a client out of sign-in attempts may still pay, and one out of payments may still sign in', async () => {
    const signInFirst = newClient();
    await expectLimitedAfter(signInFirst, 'POST', '/api/signin', AUTH_LIMIT);
    expect((await signInFirst('POST', '/api/payments/initialize')).status).toBe(200);
    expect((await signInFirst('POST', '/api/representatives')).status).toBe(200);

    const payFirst = newClient();
    await expectLimitedAfter(payFirst, 'POST', '/api/packages/vip/purchase', PAYMENT_LIMIT);
    expect((await payFirst('POST', '/api/signin')).status).toBe(200);
    expect((await payFirst('POST', '/api/representatives')).status).toBe(200);
  });

  it('does not count reading payments, packages or the balance as payment commands', async () => {
    const client = newClient();
    for (let i = 0; i < PAYMENT_LIMIT + 2; i++) {
      for (const path of [
        '/api/payments/transactions',
        '/api/payments/KORA-abc123',
        '/api/packages',
        '/api/packages/mine',
        '/api/users/fetchbalance',
      ]) {
        expect((await client('GET', path)).status, path).toBe(200);
      }
    }
    await expectLimitedAfter(client, 'POST', '/api/payments/initialize', PAYMENT_LIMIT);
  });

  it('counts a payment command however its path is spelled (escapes, a trailing slash)', async () => {
    const client = newClient();
    expect((await client('POST', '/api/payments/initiali%7Ae')).status).toBe(200);
    expect((await client('POST', '/api/payments/initialize/')).status).toBe(200);
    expect((await client('POST', '/api/packages/vip/purchas%65')).status).toBe(200);
    expect((await client('POST', '/api/payments/initialize?again=1')).status).toBe(200);
    expect((await client('POST', '/api/payments/initialize')).status).toBe(429);
  });
});
