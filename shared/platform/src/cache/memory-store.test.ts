import { describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store.js';

describe('MemoryStore', () => {
  it('counts hits in a window and starts again after it', async () => {
    let now = 1_000;
    const store = new MemoryStore(() => now);
    expect(await store.hit('k', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    now += 400;
    expect(await store.hit('k', 1_000)).toEqual({ count: 2, resetInMs: 600 });
    now += 600;
    expect((await store.hit('k', 1_000)).count).toBe(1);
    await store.close();
  });

  it('expires values with a ttl and keeps those without', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    await store.set('a', '1', 100);
    await store.set('b', '2');
    now = 150;
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBe('2');
    await store.del('b');
    expect(await store.get('b')).toBeNull();
    await store.close();
  });

  it('reads many keys at once, in order, with null for missing and expired ones', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    await store.set('a', '1', 100);
    await store.set('b', '2');
    expect(await store.mget(['b', 'x', 'a'])).toEqual(['2', null, '1']);
    now = 150;
    expect(await store.mget(['a', 'b'])).toEqual([null, '2']);
    expect(await store.mget([])).toEqual([]);
    await store.close();
  });
});
