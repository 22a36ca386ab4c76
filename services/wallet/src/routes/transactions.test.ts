/**
 * The wallet's history: newest first, the member's own, days of Lagos's calendar (the default
 * KORA_TIME_ZONE, UTC+1), paged by Link / X-Next-Cursor, and the date refusals with their texts.
 * The clock starts at a fixed instant, so "today" is known: 2026-03-10 in Lagos.
 */
import { walletTexts as t, type Transaction } from '@kora/contracts';
import { expectError } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { topUp } from '../ledger/test-support.js';
import { memberIds, testClock, useWalletService, type WalletTestService } from '../test-support.js';

const at = (svc: WalletTestService, iso: string) => svc.clock.advance(Date.parse(iso) - svc.clock.now().getTime());

describe(`wallet transactions (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService(() => ({ clock: testClock(Date.parse('2026-03-10T12:00:00Z')) }));
  const nextId = memberIds();
  const list = async (userId: number, query = '') => {
    const res = await service.api.get(`/api/payments/transactions${query}`, userId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Transaction[]>();
  };

  /** Four top-ups on three Lagos days (the 2nd is 23:30 UTC on the 8th, already the 9th in Lagos); the clock ends at "today". */
  async function history(userId: number): Promise<number[]> {
    const { svc } = service;
    const ids: number[] = [];
    for (const [iso, naira] of [
      ['2026-03-08T22:30:00Z', 1],
      ['2026-03-08T23:30:00Z', 2],
      ['2026-03-09T12:00:00Z', 3],
      ['2026-03-10T12:00:00Z', 4],
    ] as const) {
      at(svc, iso);
      ids.push((await topUp(svc, userId, naira)).transactionId);
    }
    return ids;
  }

  it('refuses anonymous callers', async () => {
    expect((await service.api.get('/api/payments/transactions', null)).statusCode).toBe(401);
  });

  it("lists the caller's own transactions newest first, in the spec's shape, as a bare array", async () => {
    const [ada, bola] = [nextId(), nextId()];
    const ids = await history(ada);
    await topUp(service.svc, bola, 99);
    expect(await list(ada)).toEqual([
      { id: ids[3], createdAt: '2026-03-10T12:00:00.000Z', type: 'top_up', amount: 4 },
      { id: ids[2], createdAt: '2026-03-09T12:00:00.000Z', type: 'top_up', amount: 3 },
      { id: ids[1], createdAt: '2026-03-08T23:30:00.000Z', type: 'top_up', amount: 2 },
      { id: ids[0], createdAt: '2026-03-08T22:30:00.000Z', type: 'top_up', amount: 1 },
    ]);
    expect(await list(nextId())).toEqual([]);
  });

  it("filters by days of the site's calendar, both ends inclusive", async () => {
    const ada = nextId();
    await history(ada);
    const amounts = async (query: string) => (await list(ada, query)).map((x) => x.amount);
    expect(await amounts('?start=2026-03-09&end=2026-03-09')).toEqual([3, 2]);
    expect(await amounts('?start=2026-03-09')).toEqual([4, 3, 2]);
    expect(await amounts('?end=2026-03-08')).toEqual([1]);
    expect(await amounts('?start=2026-03-08&end=2026-03-10')).toEqual([4, 3, 2, 1]);
    expect(await amounts('?start=2026-03-10&end=2026-03-10')).toEqual([4]);
  });

  it('refuses impossible dates, dates after today and a start after the end, with their texts', async () => {
    const ada = nextId();
    at(service.svc, '2026-03-10T12:00:00Z');
    for (const bad of ['2026-02-30', '2026-13-01', '10-03-2026', 'yesterday', '2026-3-1']) {
      expectError(await service.api.get(`/api/payments/transactions?start=${bad}`, ada), 400, t.dateInvalid);
      expectError(await service.api.get(`/api/payments/transactions?end=${bad}`, ada), 400, t.dateInvalid);
    }
    expectError(await service.api.get('/api/payments/transactions?end=2026-03-11', ada), 400, t.dateInFuture);
    expectError(await service.api.get('/api/payments/transactions?start=2026-03-11', ada), 400, t.dateInFuture);
    expectError(await service.api.get('/api/payments/transactions?start=2026-03-10&end=2026-03-09', ada), 400, t.dateOrder);
    // At 23:30 UTC on the 10th it is already the 11th in Lagos: the 11th is today there.
    at(service.svc, '2026-03-10T23:30:00Z');
    expect((await service.api.get('/api/payments/transactions?end=2026-03-11', ada)).statusCode).toBe(200);
  });

  it('pages with Link and X-Next-Cursor to the end, from cursor 0, keeping the filter', async () => {
    const ada = nextId();
    const ids = await history(ada);
    const seen: number[] = [];
    let url: string | null = '/api/payments/transactions?start=2026-03-08&cursor=0&limit=3';
    const links: string[] = [];
    while (url) {
      const res = await service.api.get(url, ada);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json<Transaction[]>().map((x) => x.id));
      const link = res.headers.link as string | undefined;
      url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      if (link) links.push(link);
      if (link) expect(res.headers['x-next-cursor']).toBe(String(seen.at(-1)));
    }
    expect(seen).toEqual([...ids].reverse());
    expect(links).toEqual([`</api/payments/transactions?start=2026-03-08&cursor=${ids[1]}&limit=3>; rel="next"`]);
    // Another member's transaction as a cursor reads as nothing, not as their place in the list.
    expect(await list(nextId(), `?cursor=${ids[2]}`)).toEqual([]);
  });

  it('refuses a bad cursor or limit', async () => {
    const ada = nextId();
    for (const q of ['cursor=-1', 'cursor=abc', 'limit=0', 'limit=101'])
      expect((await service.api.get(`/api/payments/transactions?${q}`, ada)).statusCode, q).toBe(400);
  });
});
