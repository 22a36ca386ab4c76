/**
 * Buying plans from the wallet, and every way we could think of to break it: short wallets, racing
 * purchases, retried purchases, reused keys, the switch off, time passing.
 */
import { defaultSiteSettings, packagePlans, walletTexts as t, type Membership } from '@kora/contracts';
import { expectError, outboxEvents } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../packages/membership.js';
import type { PurchaseAnswer } from '../packages/purchase.js';
import { balanceOf, expectCleanLedger, topUp } from '../ledger/test-support.js';
import { memberIds, useWalletService } from '../test-support.js';

const [vip, vvip] = packagePlans as [(typeof packagePlans)[0], (typeof packagePlans)[1]];

describe(`packages (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService();
  const nextId = memberIds();
  const buy = (userId: number | null, id: string, key?: string) =>
    service.svc.app.inject({
      method: 'POST',
      url: `/api/packages/${id}/purchase`,
      headers: { ...(userId === null ? {} : service.svc.as({ userId })), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    });
  const mine = async (userId: number) => {
    const res = await service.api.get('/api/packages/mine', userId);
    expect(res.statusCode).toBe(200);
    return res.json<Membership | null>();
  };
  const transactionsOf = async (userId: number) =>
    (await service.api.get('/api/payments/transactions', userId)).json<{ type: string; amount: number }[]>();

  afterEach(() => vi.restoreAllMocks());

  it('refuses anonymous callers on every route', async () => {
    for (const url of ['/api/packages', '/api/packages/mine']) expect((await service.api.get(url, null)).statusCode).toBe(401);
    expect((await buy(null, 'vip')).statusCode).toBe(401);
  });

  it('lists the two plans of the spec, prices in naira', async () => {
    const res = await service.api.get('/api/packages', nextId());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(packagePlans);
    expect(res.json().map((p: { id: string; price: number; durationDays: number }) => [p.id, p.price, p.durationDays])).toEqual([
      ['vip', 6050, 30],
      ['vvip', 65000, 365],
    ]);
  });

  it('refuses a purchase the wallet cannot pay with 402, and moves nothing', async () => {
    const ada = nextId();
    expectError(await buy(ada, 'vip'), 402, t.insufficientBalance);
    await topUp(service.svc, ada, 6049.99);
    expectError(await buy(ada, 'vip'), 402, t.insufficientBalance);
    expect(await balanceOf(service.api, ada)).toBe(6049.99);
    expect(await mine(ada)).toBeNull();
    expect(await transactionsOf(ada)).toEqual([expect.objectContaining({ type: 'top_up', amount: 6049.99 })]);
    expect((await outboxEvents(service.svc, 'membership.changed')).filter((e) => e.aggregateId === String(ada))).toEqual([]);
  });

  it('refuses an unknown package with 404 and a bad Idempotency-Key with 400, before any money moves', async () => {
    const ada = nextId();
    await topUp(service.svc, ada, 100_000);
    expectError(await buy(ada, 'gold'), 404, t.packageNotFound);
    expectError(await buy(ada, 'vip', ''), 400, t.idempotencyKeyInvalid);
    expectError(await buy(ada, 'vip', 'has space'), 400, t.idempotencyKeyInvalid);
    expectError(await buy(ada, 'vip', 'k'.repeat(201)), 400, t.idempotencyKeyInvalid);
    expect(await balanceOf(service.api, ada)).toBe(100_000);
  });

  it('buys a plan in one go: debit, plan, purchase, events', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 10_000);
    const now = svc.clock.now();
    const res = await buy(ada, 'vip');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<PurchaseAnswer>();
    const membership = {
      packageId: 'vip',
      startedAt: now.toISOString(),
      activeUntil: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
      boostPosts: 30,
    };
    expect(answer).toEqual({ transactionId: expect.any(Number), membership, balance: 3950 });
    expect(await mine(ada)).toEqual(membership);
    expect(await balanceOf(service.api, ada)).toBe(3950);
    expect((await transactionsOf(ada))[0]).toEqual({
      id: answer.transactionId,
      createdAt: now.toISOString(),
      type: 'package_purchase',
      amount: 6050,
    });

    const changed = (await outboxEvents(svc, 'membership.changed')).filter((e) => e.aggregateId === String(ada));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      topic: 'wallet.membership',
      key: String(ada),
      actorId: ada,
      payload: { userId: ada, ...membership },
    });
    const debited = (await outboxEvents(svc, 'wallet.debited')).filter((e) => e.aggregateId === String(ada));
    expect(debited.map((e) => e.payload)).toEqual([
      expect.objectContaining({ type: 'package_purchase', amountKobo: 605_000, balanceKobo: 395_000, packageId: 'vip' }),
    ]);
    await expectCleanLedger(svc);
  });

  it('extends an active plan: days added to its end, boosts added, start kept; the plan named is the last bought', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 100_000);
    const start = svc.clock.now();
    (await buy(ada, 'vip')).json();
    svc.clock.advance(10 * DAY_MS);
    const second = (await buy(ada, 'vip')).json<PurchaseAnswer>();
    expect(second.membership).toEqual({
      packageId: 'vip',
      startedAt: start.toISOString(),
      activeUntil: new Date(start.getTime() + 60 * DAY_MS).toISOString(),
      boostPosts: 60,
    });
    const third = (await buy(ada, 'vvip')).json<PurchaseAnswer>();
    expect(third.membership).toEqual({
      packageId: 'vvip',
      startedAt: start.toISOString(),
      activeUntil: new Date(start.getTime() + (60 + 365) * DAY_MS).toISOString(),
      boostPosts: 660,
    });
    expect(third.balance).toBe(100_000 - 2 * vip.price - vvip.price);
    expect(await mine(ada)).toEqual(third.membership);
  });

  it('ends a plan on time: not active from activeUntil on, and a later purchase starts a new run', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 20_000);
    const first = (await buy(ada, 'vip')).json<PurchaseAnswer>();
    svc.clock.advance(30 * DAY_MS - 1);
    expect(await mine(ada)).toEqual(first.membership);
    svc.clock.advance(1);
    expect(await mine(ada)).toBeNull();
    svc.clock.advance(5 * DAY_MS);
    const restart = svc.clock.now();
    const second = (await buy(ada, 'vip')).json<PurchaseAnswer>();
    expect(second.membership).toEqual({
      packageId: 'vip',
      startedAt: restart.toISOString(),
      activeUntil: new Date(restart.getTime() + 30 * DAY_MS).toISOString(),
      boostPosts: 30,
    });
  });

  it('answers a retried purchase with the first answer and moves nothing; another package with that key is a 409', async () => {
    const { svc } = service;
    const [ada, bola] = [nextId(), nextId()];
    await topUp(svc, ada, 20_000);
    await topUp(svc, bola, 20_000);
    const first = await buy(ada, 'vip', 'order-1');
    expect(first.statusCode).toBe(200);
    svc.clock.advance(DAY_MS);
    const again = await buy(ada, 'vip', 'order-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(service.api, ada)).toBe(20_000 - vip.price);
    expectError(await buy(ada, 'vvip', 'order-1'), 409, t.idempotencyKeyReused);
    // Keys are each member's own: bola's "order-1" is a purchase of its own.
    expect((await buy(bola, 'vip', 'order-1')).json()).toMatchObject({ balance: 20_000 - vip.price });
    // A new key is a new purchase.
    expect((await buy(ada, 'vip', 'order-2')).json()).toMatchObject({ balance: 20_000 - 2 * vip.price });
    expect((await transactionsOf(ada)).filter((x) => x.type === 'package_purchase')).toHaveLength(2);
  });

  it('lets exactly as many of 20 racing purchases through as the balance pays for', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 3 * vip.price + 100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(ada, 'vip')));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(17);
    expect(
      answers
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json<PurchaseAnswer>().balance)
        .sort((a, b) => a - b),
    ).toEqual([100, 100 + vip.price, 100 + 2 * vip.price]);
    expect(await balanceOf(service.api, ada)).toBe(100);
    expect((await mine(ada))?.boostPosts).toBe(90);
    await expectCleanLedger(svc);
  });

  it('debits once for 10 racing retries with one Idempotency-Key', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 50_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(ada, 'vip', 'tap-tap-tap')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const bodies = answers.map((r) => r.json<PurchaseAnswer>());
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(await balanceOf(service.api, ada)).toBe(50_000 - vip.price);
    expect((await transactionsOf(ada)).filter((x) => x.type === 'package_purchase')).toHaveLength(1);
    expect((await mine(ada))?.boostPosts).toBe(30);
  });

  it("never moves another member's balance", async () => {
    const { svc } = service;
    const [ada, bola] = [nextId(), nextId()];
    await topUp(svc, ada, 7000);
    await topUp(svc, bola, 7000);
    await Promise.all([buy(ada, 'vip'), buy(bola, 'vvip'), buy(ada, 'vvip')]);
    expect(await balanceOf(service.api, ada)).toBe(7000 - vip.price);
    expect(await balanceOf(service.api, bola)).toBe(7000);
    expect(await mine(bola)).toBeNull();
  });

  it('refuses purchases and top-ups itself while the payments switch is off', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 10_000);
    vi.spyOn(svc.ctx.siteSettings, 'current').mockReturnValue({
      ...defaultSiteSettings,
      features: { ...defaultSiteSettings.features, payments: false },
    });
    expectError(await buy(ada, 'vip'), 404, 'Payments are turned off on this site.');
    expectError(
      await service.api.post('/api/payments/initialize', ada, { email: `${ada}@example.ng`, amount: 5000, metadata: { userId: ada } }),
      404,
      'Payments are turned off on this site.',
    );
    expect(await balanceOf(service.api, ada)).toBe(10_000);
    expect(await svc.ctx.db.select().from(svc.tables.payments).where(eq(svc.tables.payments.userId, ada))).toEqual([]);
  });

  it('takes a bare POST and one with a JSON content type and no body alike', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 20_000);
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/packages/vip/purchase',
      headers: { ...svc.as({ userId: ada }), 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
