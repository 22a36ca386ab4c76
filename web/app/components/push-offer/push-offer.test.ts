import { describe, expect, it } from 'vitest';
import { mayOfferPush, PUSH_OFFER_DISMISSED_KEY, rememberPushOfferDismissed, wasPushOfferDismissed } from './push-offer';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('the push offer', () => {
  it('is made only where push could be turned on and was not refused here before', () => {
    expect(mayOfferPush('off', false)).toBe(true);
    expect(mayOfferPush('off', true)).toBe(false);
    for (const state of ['on', 'denied', 'unsupported', 'checking'] as const) expect(mayOfferPush(state, false), state).toBe(false);
  });

  it('remembers "Not now" on this device', () => {
    const storage = memoryStorage();
    expect(wasPushOfferDismissed(storage)).toBe(false);
    rememberPushOfferDismissed(storage);
    expect(wasPushOfferDismissed(storage)).toBe(true);
    expect(storage.items.has(PUSH_OFFER_DISMISSED_KEY)).toBe(true);
  });

  it('offers nothing where the storage cannot be read, so it never comes back unasked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(wasPushOfferDismissed(blocked)).toBe(true);
    expect(wasPushOfferDismissed(undefined)).toBe(true);
    expect(() => rememberPushOfferDismissed(blocked)).not.toThrow();
  });
});
