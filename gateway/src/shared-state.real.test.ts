/**
 * What gateway replicas share through a real Redis: revoked sessions (published, and read at start)
 * and rate-limit counts (shared at each sync), each replica in its own process here played by its
 * own Redis connections.
 */
import { announceRevokedSession, revokedSessionKey } from '@kora/platform/access-token';
import { createLogger, RedisStore } from '@kora/platform';
import { eventually, uniqueName } from '@kora/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { countExactly, rateScopes } from './rate-limit.js';
import { createRateCounter } from './rate-counter.js';
import { watchRevokedSessions } from './revoked-sessions.js';

const REDIS_URL = process.env.REDIS_URL!;
const log = createLogger('test', 'silent');
const prefix = `${process.env.REDIS_KEY_PREFIX ?? 'kora-test'}:${uniqueName('gw')}:`;
const stores: RedisStore[] = [];
const store = () => {
  const made = new RedisStore(REDIS_URL, prefix);
  stores.push(made);
  return made;
};
afterAll(async () => {
  for (const s of stores) await s.close();
});

describe('RedisStore (the shared state of the edge)', () => {
  it('adds `by` to a counter that expires after its window', async () => {
    const s = store();
    expect(await s.hit('count', 60_000, 3)).toMatchObject({ count: 3 });
    const again = await s.hit('count', 60_000, 2);
    expect(again.count).toBe(5);
    expect(again.resetInMs).toBeGreaterThan(59_000);
  });

  it('lists the keys under a prefix with their time to live, and only its own namespace', async () => {
    const s = store();
    const other = new RedisStore(REDIS_URL, `${prefix}other:`);
    stores.push(other);
    await s.set('revoked-session:a', '1', 30_000);
    await s.set('revoked-session:b', '1');
    await other.set('revoked-session:c', '1', 30_000);
    const found = await s.scan('revoked-session:');
    expect(found.map((f) => f.key).sort()).toEqual(['revoked-session:a', 'revoked-session:b']);
    expect(found.find((f) => f.key === 'revoked-session:a')!.ttlMs).toBeGreaterThan(29_000);
    expect(found.find((f) => f.key === 'revoked-session:b')!.ttlMs).toBeNull();
  });

  it('delivers a published message to every subscriber, and says when a subscription came back', async () => {
    const [a, b, publisher] = [store(), store(), store()];
    const seen: string[] = [];
    let resubscribed = 0;
    await a.subscribe(
      'news',
      (m) => void seen.push(`a:${m}`),
      () => void resubscribed++,
    );
    await b.subscribe('news', (m) => void seen.push(`b:${m}`));
    await publisher.publish('news', 'hello');
    await eventually(() => seen.length === 2);
    expect(seen.sort()).toEqual(['a:hello', 'b:hello']);

    // The server drops the subscribers' connections, as a Redis restart would.
    const admin = new Redis(REDIS_URL);
    await admin.client('KILL', 'TYPE', 'pubsub');
    await admin.quit();
    await eventually(() => resubscribed === 1);
    await publisher.publish('news', 'again');
    await eventually(() => seen.includes('a:again'));
  });
});

describe('gateway replicas sharing one Redis', () => {
  it('each refuses a session as soon as it is announced, and one started later knows it too', async () => {
    const [one, two] = [await watchRevokedSessions(store(), log), await watchRevokedSessions(store(), log)];
    try {
      await announceRevokedSession(store(), 'ended-here');
      await eventually(() => one.has('ended-here') && two.has('ended-here'), 15_000, 5);
      const late = await watchRevokedSessions(store(), log);
      expect(late.has('ended-here')).toBe(true);
      expect(await store().get(revokedSessionKey('ended-here'))).toBe('1');
      await late.stop();
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it('count one client across replicas', async () => {
    const windowMs = 60_000;
    const [one, two] = [createRateCounter({ store: store(), windowMs, log }), createRateCounter({ store: store(), windowMs, log })];
    try {
      for (let i = 0; i < 4; i++) one.hit('client');
      for (let i = 0; i < 5; i++) two.hit('client');
      await one.sync();
      await two.sync();
      expect(two.hit('client').count).toBe(10);
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it('count a sign-up per account and per distinct e-mail address exactly, whichever replica takes it', async () => {
    const limits = {
      perMinute: 600,
      addressPerMinute: 3000,
      authPerMinute: 3,
      authAddressPerMinute: 1000,
      signUpAddressesPerHour: 2,
      representativesPerHour: 5,
      paymentsPerMinute: 10,
    };
    const replicas = [store(), store()];
    const signUp = async (replica: number, account: string) => {
      const scopes = rateScopes('POST', '/api/signUp', '203.0.113.77', limits, { memberId: null, account: `${prefix}${account}` });
      return Promise.all(scopes.filter((scope) => scope.exact).map((scope) => countExactly(replicas[replica]!, scope)));
    };
    const counts = (windows: { limit: number; count: number }[]) => windows.map((w) => `${w.count}/${w.limit}`);
    expect(counts(await signUp(0, 'ada'))).toEqual(['1/1000', '1/3', '1/2']);
    expect(counts(await signUp(1, 'ada'))).toEqual(['2/1000', '2/3', '1/2']);
    expect(counts(await signUp(0, 'bola'))).toEqual(['3/1000', '1/3', '2/2']);
    expect(counts(await signUp(1, 'chidi'))).toEqual(['4/1000', '1/3', '3/2']);
    expect(counts(await signUp(0, 'ada'))).toEqual(['5/1000', '3/3', '3/2']);
  });
});
