/**
 * Limits count a signed-in member's calls per member (decision 032): five hundred members behind
 * one carrier address (the harness trusts loopback as a proxy, so X-Forwarded-For puts every call
 * here on one address) sign in and read their feed and notifications while one of them floods the
 * API. The flooder gets 429s; nobody else is refused. Twenty of the members are real accounts that
 * sign in through the product from that address; the others hold tokens the product signed.
 * Every call goes through the harness's second gateway, whose member limit is a few dozen calls a
 * minute: the flood reaches it quickly, and the members' calls together (over a thousand) are far
 * past it, so counting them under one key would refuse them.
 */
import { describe, expect, it } from 'vitest';
import { json, registerAndActivate, type SignedIn } from './support/members.js';
import { api, body, LOW_LIMIT_URL, MODE, tokenFor } from './support/product.js';

const MEMBERS = 500;
const REAL_ACCOUNTS = 20;
const CARRIER = { 'x-forwarded-for': '102.89.32.7' };

/** Runs `task` for each item, `width` at a time. */
async function inBatches<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(task));
}

function lowLimitGateway(): string {
  if (!LOW_LIMIT_URL)
    throw new Error('KORA_LOW_LIMIT_URL is not set: run the API tests through scripts/test.mjs, which starts that gateway');
  return LOW_LIMIT_URL;
}

async function signInFromCarrier(email: string, password: string): Promise<string> {
  const res = await api(
    '/api/signin',
    { ...json({ email, password }), headers: { 'content-type': 'application/json', ...CARRIER } },
    lowLimitGateway(),
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return (await body<SignedIn>(res)).token;
}

describe(`${MEMBERS} members behind one address (${MODE})`, () => {
  it('refuses the member who floods, and nobody else', { timeout: 240_000 }, async () => {
    const accounts = await Promise.all(Array.from({ length: REAL_ACCOUNTS }, () => registerAndActivate()));
    const tokens: string[] = [];
    for (const account of accounts) tokens.push(await signInFromCarrier(account.email, account.password));
    for (let i = tokens.length; i < MEMBERS; i++) tokens.push(await tokenFor({ userId: 700_000 + i, sessionId: `carrier-${i}` }));

    const refused: string[] = [];
    const normalUse = async (token: string) => {
      for (const path of ['/api/posts', '/api/notifications']) {
        const res = await api(path, { headers: { authorization: `Bearer ${token}`, ...CARRIER } }, lowLimitGateway());
        if (res.status !== 200) refused.push(`${path}: ${res.status} ${await res.text()}`);
        else await res.body?.cancel();
      }
    };

    // The flooder: one of the real members, hammering a cheap call well past its minute.
    const [flooder, ...others] = tokens;
    const floodCall = () =>
      fetch(new URL('/api/site', lowLimitGateway()), { headers: { authorization: `Bearer ${flooder!}`, ...CARRIER } });
    // A token's first call is counted under the address, until the gateway has checked it.
    expect((await floodCall()).status).toBe(200);
    const second = await floodCall();
    expect(second.status).toBe(200);
    const limit = Number(second.headers.get('ratelimit-limit'));
    expect(limit, "the low-limit gateway's member limit").toBeLessThanOrEqual(100);
    let limited: Response | null = null;
    const flood = (async () => {
      // Bounded: two windows' worth at most, even if the flood straddles the turn of a minute.
      for (let sent = 0; sent < 2 * limit + 100 && !limited; sent += 20) {
        const answers = await Promise.all(Array.from({ length: 20 }, floodCall));
        limited = answers.find((res) => res.status === 429) ?? null;
        for (const res of answers) if (res !== limited) await res.body?.cancel();
      }
    })();
    await inBatches(others, 25, normalUse);
    await flood;

    expect(limited, 'the flooder was refused').not.toBeNull();
    const refusal = limited as unknown as Response;
    expect(await refusal.json()).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused).toEqual([]);
    // The others go on being served while the flooder waits; so do the real accounts' sign-ins.
    await inBatches(others.slice(0, 50), 25, normalUse);
    expect(refused).toEqual([]);
    expect(await signInFromCarrier(accounts[1]!.email, accounts[1]!.password)).toBeTruthy();
  });
});
