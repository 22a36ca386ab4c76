import { createTestAdapters, uniqueName } from '@kora/testing';
import { describe, expect, it } from 'vitest';

// On the test target's store: memory when embedded, Redis under KORA_TEST_TARGET=real.
describe(`KeyValueStore.mget (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  it('answers the values of many keys in their order, null for missing and expired ones', async () => {
    const adapters = await createTestAdapters();
    const store = adapters.store;
    try {
      const k = uniqueName('mget');
      await store.set(`${k}:a`, '1');
      // A key with a time to live is answered while it lives (a minute: no busy machine outlasts it)…
      await store.set(`${k}:b`, '2', 60_000);
      expect(await store.mget([`${k}:b`, `${k}:missing`, `${k}:a`])).toEqual(['2', null, '1']);
      expect(await store.mget([])).toEqual([]);
      // …and is null once it has expired.
      await store.set(`${k}:c`, '3', 20);
      await new Promise((r) => setTimeout(r, 120));
      expect(await store.mget([`${k}:a`, `${k}:c`, `${k}:b`])).toEqual(['1', null, '2']);
    } finally {
      await adapters.close();
    }
  });
});
