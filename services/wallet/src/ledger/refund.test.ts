/**
 * Refunds at the ledger's level: once per transaction (also when racing), a top-up only while the
 * wallet still holds it, a purchase back to the wallet with the plan shortened or ended.
 */
import { walletTexts as t, type Membership } from '@kora/contracts';
import { AppError } from '@kora/platform/service';
import { outboxEvents } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../packages/membership.js';
import type { PurchaseAnswer } from '../packages/purchase.js';
import { memberIds, useWalletService } from '../test-support.js';
import { refundMovement } from './refund.js';
import { balanceOf, expectCleanLedger, topUp, walletOf } from './test-support.js';

const admin = 1;

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).statusCode, message: (err as AppError).message };
}

describe(`refunds (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService();
  const nextId = memberIds();
  const buy = async (userId: number, id: string) => {
    const res = await service.api.post(`/api/packages/${id}/purchase`, userId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PurchaseAnswer>();
  };
  const mine = async (userId: number) => (await service.api.get('/api/packages/mine', userId)).json<Membership | null>();
  const refund = (transactionId: number) => refundMovement(walletOf(service.svc), transactionId, admin);

  it('sends a top-up back to the card once', async () => {
    const ada = nextId();
    const { transactionId } = await topUp(service.svc, ada, 5000);
    await topUp(service.svc, ada, 100);
    const refunded = await refund(transactionId);
    expect(refunded).toMatchObject({ userId: ada, refunds: 'top_up', amountKobo: 500_000, balanceKobo: 10_000 });
    expect(await balanceOf(service.api, ada)).toBe(100);
    expect(await refusal(refund(transactionId))).toEqual({ status: 409, message: t.alreadyRefunded });
    const debited = (await outboxEvents(service.svc, 'wallet.debited')).filter((e) => e.aggregateId === String(ada));
    expect(debited.map((e) => e.payload)).toEqual([expect.objectContaining({ type: 'refund', amountKobo: 500_000, balanceKobo: 10_000 })]);
    expect(debited[0]?.actorId).toBe(admin);
    await expectCleanLedger(service.svc);
  });

  it('refuses to refund a top-up the member has spent, with 402, and moves nothing', async () => {
    const ada = nextId();
    const { transactionId } = await topUp(service.svc, ada, 7000);
    await buy(ada, 'vip');
    expect(await refusal(refund(transactionId))).toEqual({ status: 402, message: t.insufficientBalance });
    expect(await balanceOf(service.api, ada)).toBe(950);
  });

  it('gives a purchase back to the wallet and ends the plan it made', async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 10_000);
    const bought = await buy(ada, 'vip');
    svc.clock.advance(DAY_MS);
    const now = svc.clock.now();
    const refunded = await refund(bought.transactionId);
    expect(refunded).toMatchObject({ refunds: 'package_purchase', balanceKobo: 1_000_000, membership: null });
    expect(await balanceOf(service.api, ada)).toBe(10_000);
    expect(await mine(ada)).toBeNull();
    const changed = (await outboxEvents(svc, 'membership.changed')).filter((e) => e.aggregateId === String(ada));
    expect(changed.at(-1)?.payload).toEqual({
      userId: ada,
      packageId: 'vip',
      startedAt: bought.membership.startedAt,
      activeUntil: now.toISOString(),
      boostPosts: 0,
    });
    // A purchase after it starts a fresh run.
    svc.clock.advance(1000);
    expect((await buy(ada, 'vip')).membership.startedAt).toBe(svc.clock.now().toISOString());
    await expectCleanLedger(svc);
  });

  it("shortens an extended plan by the refunded purchase's days and boosts", async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 20_000);
    const first = await buy(ada, 'vip');
    const second = await buy(ada, 'vip');
    const refunded = await refund(first.transactionId);
    const expected = { ...second.membership, activeUntil: first.membership.activeUntil, boostPosts: 30 };
    expect(refunded.membership).toEqual(expected);
    expect(await mine(ada)).toEqual(expected);
    expect(await balanceOf(service.api, ada)).toBe(20_000 - 6050);
  });

  it("gives back a purchase whose plan ran out without touching today's plan", async () => {
    const { svc } = service;
    const ada = nextId();
    await topUp(svc, ada, 20_000);
    const old = await buy(ada, 'vip');
    svc.clock.advance(31 * DAY_MS);
    const current = await buy(ada, 'vip');
    const refunded = await refund(old.transactionId);
    expect(refunded.membership).toBeUndefined();
    expect(await mine(ada)).toEqual(current.membership);
    expect(await balanceOf(service.api, ada)).toBe(20_000 - 6050);
  });

  it('refunds once when refunds race', async () => {
    const ada = nextId();
    const { transactionId } = await topUp(service.svc, ada, 300);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => refund(transactionId)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ statusCode: 409, message: t.alreadyRefunded });
    expect(await balanceOf(service.api, ada)).toBe(0);
    await expectCleanLedger(service.svc);
  });

  it('refuses a refund of a refund, and of a transaction that does not exist', async () => {
    const ada = nextId();
    const { transactionId } = await topUp(service.svc, ada, 300);
    const refunded = await refund(transactionId);
    expect(await refusal(refund(refunded.transactionId))).toEqual({ status: 400, message: t.refundOfRefund });
    expect(await refusal(refund(999_999_999))).toEqual({ status: 404, message: t.transactionNotFound });
  });
});
