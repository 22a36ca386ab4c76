/**
 * Five hundred members behind one carrier address (a trusted ingress says so in X-Forwarded-For)
 * use the product normally with the default limits: each signs in, then reads its feed and posts
 * with its own token. One of them floods the API: that member gets 429s, nobody else is refused
 * (decision 032). The real limiter, on the in-memory store; shared-state.real.test.ts counts the
 * same keys in Redis.
 */
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mintAccessToken,
  startFakeUpstreams,
  startTestGateway,
  stillClock,
  testEnv,
  type FakeUpstreams,
  type TestGateway,
} from './test-support.js';

const MEMBERS = 500;
const CARRIER_ADDRESS = '102.89.32.7';

let fakes: FakeUpstreams;
let gateway: TestGateway;
let agent: Agent;

beforeAll(async () => {
  fakes = await startFakeUpstreams();
  // The ingress in front of the gateway connects from loopback here.
  gateway = await startTestGateway(fakes.urls, { TRUST_PROXY: 'loopback' }, { now: stillClock() });
  agent = new Agent({ connections: 32 });
});
afterAll(async () => {
  await agent?.close();
  await gateway?.close();
  await fakes?.close();
});

async function call(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) {
  const res = await request(`${gateway.url}${path}`, {
    method,
    dispatcher: agent,
    headers: { 'x-forwarded-for': CARRIER_ADDRESS, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.body.dump();
  return res.statusCode;
}

/** Runs `task` for each item, `width` at a time. */
async function inBatches<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(task));
}

describe(`${MEMBERS} members behind one address`, () => {
  it('refuses only the member who floods', async () => {
    // The limits a deployment that sets none has.
    const env = testEnv(fakes.urls);
    const ids = Array.from({ length: MEMBERS }, (_, i) => 1_000 + i);
    const tokens = new Map<number, string>();
    for (const id of ids) tokens.set(id, await mintAccessToken({ sub: id, sid: `phone-${id}` }));
    const refused: string[] = [];
    const expectServed = (status: number, what: string) => {
      if (status !== 200) refused.push(`${what}: ${status}`);
    };

    // Everyone signs in from the shared address, naming their own account.
    await inBatches(ids, 25, async (id) => {
      expectServed(await call('POST', '/api/signin', {}, { email: `member${id}@example.ng`, password: 'Jollof-2026' }), `sign-in ${id}`);
    });

    const flooder = ids[0]!;
    const normalUse = async (id: number) => {
      const bearer = { authorization: `Bearer ${tokens.get(id)!}` };
      for (const path of ['/api/posts/feed', '/api/notifications/unread-count', `/api/posts/user/${id}`]) {
        expectServed(await call('GET', path, bearer), `${path} for ${id}`);
      }
    };
    // The flood, well past a member's minute, alongside everyone else's normal use.
    let flooderServed = 0;
    let flooderRefused = 0;
    const flood = (async () => {
      const bearer = { authorization: `Bearer ${tokens.get(flooder)!}` };
      // A token's first call is counted under the address, until its signature has been checked.
      expectServed(await call('GET', '/api/posts/feed', bearer), 'first call of the flooder');
      for (let i = 0; i < env.RATE_LIMIT_PER_MINUTE + 100; i += 10) {
        const statuses = await Promise.all(Array.from({ length: 10 }, () => call('GET', '/api/posts/feed', bearer)));
        for (const status of statuses) {
          if (status === 429) flooderRefused++;
          else flooderServed++;
        }
      }
    })();
    await inBatches(ids.slice(1), 25, normalUse);
    await flood;

    expect(refused).toEqual([]);
    expect(flooderServed).toBe(env.RATE_LIMIT_PER_MINUTE);
    expect(flooderRefused).toBe(100);
    // And once the flood is over, everyone else is still served: the flooder alone is held.
    await inBatches(ids.slice(1, 51), 25, normalUse);
    expect(refused).toEqual([]);
    expect(await call('GET', '/api/posts/feed', { authorization: `Bearer ${tokens.get(flooder)!}` })).toBe(429);
  });
});
