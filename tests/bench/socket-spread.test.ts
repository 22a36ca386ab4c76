import { describe, expect, it } from 'vitest';
import { addressOf, loopbackAddress, planClients } from './socket-spread.js';

describe('the socket bench spreads its sockets over processes and source addresses', () => {
  it('holds 50,000 in four processes of at most 15,000 over three addresses of at most 20,000', () => {
    const plan = planClients(50_000, { perProcess: 15_000, perAddress: 20_000, firstUserId: 700_001 });
    expect(plan).toEqual([
      { index: 0, firstUserId: 700_001, count: 15_000, addresses: [{ address: '127.0.0.2', count: 15_000 }] },
      {
        index: 1,
        firstUserId: 715_001,
        count: 15_000,
        addresses: [
          { address: '127.0.0.2', count: 5_000 },
          { address: '127.0.0.3', count: 10_000 },
        ],
      },
      {
        index: 2,
        firstUserId: 730_001,
        count: 15_000,
        addresses: [
          { address: '127.0.0.3', count: 10_000 },
          { address: '127.0.0.4', count: 5_000 },
        ],
      },
      { index: 3, firstUserId: 745_001, count: 5_000, addresses: [{ address: '127.0.0.4', count: 5_000 }] },
    ]);
  });

  it('starts at a later address slot when asked, so a second scenario never reuses the first one’s ports', () => {
    const plan = planClients(25_000, { perProcess: 15_000, perAddress: 20_000, firstUserId: 1, firstSlot: 16 });
    expect(plan.flatMap((share) => share.addresses)).toEqual([
      { address: '127.0.0.18', count: 15_000 },
      { address: '127.0.0.18', count: 5_000 },
      { address: '127.0.0.19', count: 5_000 },
    ]);
  });

  it('never puts more than perAddress on one address nor perProcess in one process, and covers every socket once', () => {
    for (const [sockets, perProcess, perAddress] of [
      [1, 1, 1],
      [999, 100, 7],
      [50_000, 19_000, 28_000],
      [12_345, 20_000, 5_000],
    ] as const) {
      const plan = planClients(sockets, { perProcess, perAddress, firstUserId: 1 });
      const perAddressTotal = new Map<string, number>();
      let next = 1;
      for (const share of plan) {
        expect(share.count).toBeLessThanOrEqual(perProcess);
        expect(share.firstUserId).toBe(next);
        next += share.count;
        expect(share.addresses.reduce((sum, a) => sum + a.count, 0)).toBe(share.count);
        for (const { address, count } of share.addresses) perAddressTotal.set(address, (perAddressTotal.get(address) ?? 0) + count);
      }
      expect(next - 1).toBe(sockets);
      for (const total of perAddressTotal.values()) expect(total).toBeLessThanOrEqual(perAddress);
    }
  });

  it('answers each socket its source address, starting at 127.0.0.2 and carrying into the next octet', () => {
    const [, second] = planClients(50_000, { perProcess: 15_000, perAddress: 20_000, firstUserId: 1 });
    expect(addressOf(second!, 0)).toBe('127.0.0.2');
    expect(addressOf(second!, 4_999)).toBe('127.0.0.2');
    expect(addressOf(second!, 5_000)).toBe('127.0.0.3');
    expect(() => addressOf(second!, 15_000)).toThrow();
    expect(loopbackAddress(0)).toBe('127.0.0.2');
    expect(loopbackAddress(254)).toBe('127.0.1.0');
  });
});
