import { createLogger, MemoryStore, type KeyValueStore } from '@kora/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateCounter, type RateCounter } from './rate-counter.js';

const log = createLogger('test', 'silent');
const WINDOW = 60_000;
const started: RateCounter[] = [];
afterEach(async () => {
  for (const counter of started.splice(0)) await counter.stop();
});

function counter(store: KeyValueStore, clock: { t: number }) {
  const made = createRateCounter({ store, windowMs: WINDOW, log, now: () => clock.t });
  started.push(made);
  return made;
}

/** A store that says it is Redis: shared between "replicas" as Redis would be. */
const sharedStore = (): KeyValueStore => {
  const store = new MemoryStore();
  Object.defineProperty(store, 'kind', { value: 'redis' });
  return store;
};

describe('rate counter', () => {
  it('counts in one process exactly, per fixed window, with the time to its end', () => {
    const clock = { t: 10 * WINDOW + 15_000 };
    const c = counter(new MemoryStore(), clock);
    expect(c.hit('ip-a')).toEqual({ count: 1, resetInMs: 45_000 });
    expect(c.hit('ip-a').count).toBe(2);
    expect(c.hit('ip-b').count).toBe(1);
    clock.t = 11 * WINDOW + 1;
    expect(c.hit('ip-a')).toEqual({ count: 1, resetInMs: WINDOW - 1 });
  });

  it('shares the counts between replicas at each sync', async () => {
    const store = sharedStore();
    const clock = { t: 5 * WINDOW };
    const [one, two] = [counter(store, clock), counter(store, clock)];
    for (let i = 0; i < 3; i++) one.hit('ip');
    for (let i = 0; i < 2; i++) two.hit('ip');
    expect(two.hit('ip').count).toBe(3); // it has not heard of the others yet
    await one.sync();
    await two.sync();
    expect(two.hit('ip').count).toBe(7); // 3 + 3 of its own, and the next one
    // A replica learns the shared total when it next shares its own increments.
    expect(one.hit('ip').count).toBe(4);
    await one.sync();
    expect(one.hit('ip').count).toBe(8); // the 7 shared (not two's unsent one) and this one
  });

  it('lets a client go over a limit across replicas by at most what they admit between syncs', async () => {
    const store = sharedStore();
    const clock = { t: 7 * WINDOW };
    const replicas = [counter(store, clock), counter(store, clock), counter(store, clock)];
    const limit = 30;
    let admitted = 0;
    for (let round = 0; round < 20; round++) {
      for (const replica of replicas) if (replica.hit('ip').count <= limit) admitted++;
      if (round % 2 === 1) await Promise.all(replicas.map((r) => r.sync()));
    }
    expect(admitted).toBeGreaterThanOrEqual(limit);
    expect(admitted).toBeLessThanOrEqual(limit + 2 * (replicas.length - 1) * 2);
  });

  it('keeps counting locally while the store fails, and shares the increments once it answers', async () => {
    const store = sharedStore();
    const hit = store.hit.bind(store);
    let down = true;
    store.hit = (key, windowMs, by) => (down ? Promise.reject(new Error('redis down')) : hit(key, windowMs, by));
    const clock = { t: 5 * WINDOW };
    const c = counter(store, clock);
    c.hit('ip');
    c.hit('ip');
    await c.sync();
    expect(c.hit('ip').count).toBe(3);
    down = false;
    await c.sync();
    expect((await store.hit(`ip:5`, WINDOW * 2, 0)).count).toBe(3);
  });
});
