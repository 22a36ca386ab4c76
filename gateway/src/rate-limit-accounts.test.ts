/**
 * Sign-in, sign-up and recovery are counted per address AND per account named in the body
 * (decision 032): an attacker rotating addresses is held by the account's window, a carrier address
 * shared by many phones by a high per-address one, and sign-up by how many distinct e-mail
 * addresses one address may try in an hour. The body the edge read goes upstream unchanged.
 */
import { createHash } from 'node:crypto';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_BODY_LIMIT } from './account-name.js';
import { startFakeUpstreams, startTestGateway, stillClock, type FakeUpstreams, type TestGateway } from './test-support.js';

const ACCOUNT_LIMIT = 3;
const ADDRESS_LIMIT = 20;
const SIGN_UP_ADDRESSES = 4;

let fakes: FakeUpstreams;
let gateway: TestGateway;
const agents: Agent[] = [];

beforeAll(async () => {
  fakes = await startFakeUpstreams();
  gateway = await startTestGateway(
    fakes.urls,
    {
      AUTH_RATE_LIMIT_PER_MINUTE: String(ACCOUNT_LIMIT),
      AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE: String(ADDRESS_LIMIT),
      SIGNUP_ADDRESSES_PER_HOUR: String(SIGN_UP_ADDRESSES),
    },
    { now: stillClock() },
  );
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await gateway?.close();
  await fakes?.close();
});

let nextAddress = 40;

/** A client calling from its own loopback address (127.0.0.x). */
function newClient() {
  const agent = new Agent({ localAddress: `127.0.0.${nextAddress++}` });
  agents.push(agent);
  return async (path: string, body: unknown) => {
    const res = await request(`${gateway.url}${path}`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  };
}

let nextAccount = 0;
const newEmail = () => `member${nextAccount++}.${Date.now()}@example.ng`;

describe('sign-in, sign-up and recovery per account', () => {
  it('holds one account however many addresses try it, letting the account alone through elsewhere', async () => {
    const email = newEmail();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await newClient()('/api/signin', { email, password: `guess-${i}` })).status).toBe(200);
    const limited = await newClient()('/api/signin', { email, password: 'guess-last' });
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text)).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['ratelimit-limit']).toBe(String(ACCOUNT_LIMIT));
    // The other paths naming the account share its window; other accounts are not held by it.
    expect((await newClient()('/api/sendForgotOtp', { email })).status).toBe(429);
    expect((await newClient()('/api/signin', { email: newEmail(), password: 'x' })).status).toBe(200);
  });

  it('names the account however it is written (case, spaces, Unicode forms)', async () => {
    const email = newEmail();
    const client = newClient();
    for (const spelling of [email.toUpperCase(), `  ${email} `, email.replace('@', '\uFF20')]) {
      expect((await client('/api/forgot-password', { email: spelling })).status).toBe(200);
    }
    expect((await client('/api/reset-password', { email, otp: '1234', password: 'x' })).status).toBe(429);
  });

  it('lets many accounts sign in from one address up to the address limit, then holds that address only', async () => {
    const carrier = newClient();
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      expect((await carrier('/api/signin', { email: newEmail(), password: 'x' })).status, `#${i}`).toBe(200);
    const limited = await carrier('/api/signin', { email: newEmail(), password: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.headers['ratelimit-limit']).toBe(String(ADDRESS_LIMIT));
    expect((await newClient()('/api/signin', { email: newEmail(), password: 'x' })).status).toBe(200);
  });

  it('limits how many distinct e-mail addresses one address may try at sign-up', async () => {
    const prober = newClient();
    const tried: string[] = [];
    for (let i = 0; i < SIGN_UP_ADDRESSES; i++) {
      tried.push(newEmail());
      expect((await prober('/api/signUp', { email: tried[i], username: `u${i}`, password: 'x' })).status).toBe(200);
    }
    // Trying one already tried again counts in its account's window, not as a new address.
    expect((await prober('/api/signUp', { email: tried[0], username: 'again', password: 'x' })).status).toBe(200);
    const limited = await prober('/api/signUp', { email: newEmail(), username: 'next', password: 'x' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    // Another address may still sign up; the prober may still sign in.
    expect((await newClient()('/api/signUp', { email: newEmail(), username: 'other', password: 'x' })).status).toBe(200);
    expect((await prober('/api/signin', { email: newEmail(), password: 'x' })).status).toBe(200);
  });

  it('sends the body it read upstream byte for byte', async () => {
    const body = JSON.stringify({ email: newEmail(), password: 'Jollof-2026 ✓' });
    const res = await newClient()('/api/signin', body);
    expect(res.status).toBe(200);
    const seen = JSON.parse(res.text) as { bodyBytes: number; bodySha256: string };
    expect(seen.bodyBytes).toBe(Buffer.byteLength(body));
    expect(seen.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
  });

  it('refuses a body larger than any sign-in with 413, and counts a body that names nobody per address', async () => {
    const client = newClient();
    const huge = await client('/api/signin', { email: newEmail(), password: 'x'.repeat(ACCOUNT_BODY_LIMIT) });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    for (const body of ['not json', '[]', '{"email":42}', '{}']) expect((await client('/api/signin', body)).status, body).toBe(200);
  });

  it('counts the second step of a two-step sign-in and the unlock link per address, like a sign-in', async () => {
    for (const path of ['/api/signin/two-step', '/api/auth/unlock']) {
      const client = newClient();
      for (let i = 0; i < ADDRESS_LIMIT; i++)
        expect((await client(path, { challenge: 'c', code: String(i) })).status, `${path} #${i}`).toBe(200);
      expect((await client(path, { challenge: 'c', code: 'x' })).status, path).toBe(429);
    }
  });
});
