/**
 * The pending sweep: payments pending past the grace period are asked about again and credited once
 * when the provider says paid (a lost webhook); those still unpaid after 24 hours are failed as
 * abandoned; younger ones are left alone; a provider that does not answer never makes it give up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '../../../../scripts/lib/fake-paystack.mjs';
import { balanceKoboOf, creditsOf, paymentRow, paystackEnv, startTopUp, walletOf } from '../payments/test-support.js';
import { PAYSTACK_ATTEMPTS } from '../payments/paystack.js';
import { memberIds, useWalletService } from '../test-support.js';
import { ABANDONED } from '../payments/confirm.js';
import { PENDING_GIVE_UP_MS, PENDING_GRACE_MS, sweepPendingPayments } from './sweep-pending.js';

let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack();
});
afterAll(() => fake.close());

describe(`sweeping pending payments (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService(() => ({ env: paystackEnv(fake) }));
  const nextId = memberIds();

  it('credits a paid payment whose webhook never came, abandons unpaid ones after 24 h, never gives up unasked', async () => {
    const { svc, api } = service;
    const member = nextId();
    const w = walletOf(svc, paystackEnv(fake));
    const paid = await startTopUp(svc, api, member, 700);
    const unpaid = await startTopUp(svc, api, member, 800);
    fake.setTransaction(paid.reference, { status: 'success' });

    // Younger than the grace period: left alone.
    await sweepPendingPayments(w);
    expect((await paymentRow(svc, paid.reference))?.status).toBe('pending');

    svc.clock.advance(PENDING_GRACE_MS + 1_000);
    await sweepPendingPayments(w);
    expect((await paymentRow(svc, paid.reference))?.status).toBe('success');
    expect((await paymentRow(svc, unpaid.reference))?.status).toBe('pending');

    // A day on, the provider down: nothing is given up.
    svc.clock.advance(PENDING_GIVE_UP_MS);
    fake.failNext(PAYSTACK_ATTEMPTS, '500');
    await sweepPendingPayments(w);
    expect((await paymentRow(svc, unpaid.reference))?.status).toBe('pending');

    svc.clock.advance(PENDING_GRACE_MS + 1_000);
    await sweepPendingPayments(w);
    expect(await paymentRow(svc, unpaid.reference)).toMatchObject({ status: 'failed', reason: ABANDONED });
    // Paid after being abandoned: never credited by this path (a refund is a person's decision).
    fake.setTransaction(unpaid.reference, { status: 'success' });
    await sweepPendingPayments(w);
    expect(await creditsOf(svc, unpaid.reference)).toHaveLength(0);
    expect(await creditsOf(svc, paid.reference)).toHaveLength(1);
    expect(await balanceKoboOf(svc, member)).toBe(70_000);
  });
});
