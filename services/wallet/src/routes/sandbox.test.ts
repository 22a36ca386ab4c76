/**
 * The sandbox checkout end to end: initialize → the test card → the signed webhook the sandbox
 * delivers to the service's own route → the job's confirmation → credited once (balance, one
 * ledger transaction, one wallet.credited). A declined card fails the payment and credits nothing;
 * only the payment's owner may pay it; the route is off under Paystack.
 */
import { SANDBOX_DECLINED_CARD, SANDBOX_SUCCESS_CARD, walletTexts } from '@kora/contracts';
import { eventually, expectError, outboxEvents } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { balanceKoboOf, creditsOf, jobsSettled, paymentRow, startTopUp } from '../payments/test-support.js';
import { memberIds, useWalletService } from '../test-support.js';

describe(`the sandbox checkout (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService();
  const nextId = memberIds();

  it('pays with the test card and credits the wallet once, through the signed webhook', async () => {
    const { svc, api } = service;
    const member = nextId();
    const { reference, authorization_url } = await startTopUp(svc, api, member, 5000.5);
    expect(authorization_url).toBe(`http://kora.test/checkout?reference=${reference}`);
    expect((await api.get(`/api/payments/${reference}`, member)).json()).toMatchObject({
      reference,
      amount: 5000.5,
      status: 'pending',
      provider: 'sandbox',
    });

    const paid = await api.post(`/api/payments/${reference}/sandbox-pay`, member, {
      cardNumber: SANDBOX_SUCCESS_CARD.replace(/(\d{4})/g, '$1 ').trim(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await eventually(async () => (await paymentRow(svc, reference))?.status === 'success');

    // Paying again, and verifying, change nothing.
    expect((await api.post(`/api/payments/${reference}/sandbox-pay`, member, { cardNumber: SANDBOX_SUCCESS_CARD })).statusCode).toBe(200);
    const verified = await api.post(`/api/payments/${reference}/verify`, member);
    expect(verified.json()).toMatchObject({ reference, status: 'success', amount: 5000.5, reason: null, paidAt: expect.any(String) });
    await jobsSettled(svc);
    expect(await creditsOf(svc, reference)).toHaveLength(1);
    expect(await balanceKoboOf(svc, member)).toBe(500_050);
    const credited = (await outboxEvents(svc, 'wallet.credited')).filter((e) => e.payload.reference === reference);
    expect(credited).toHaveLength(1);
    expect(credited[0]!.payload).toMatchObject({ userId: member, amountKobo: 500_050, balanceKobo: 500_050, type: 'top_up' });
  });

  it('declines any other card: the payment fails, nothing is credited', async () => {
    const { svc, api } = service;
    const member = nextId();
    const { reference } = await startTopUp(svc, api, member, 200);
    expectError(
      await api.post(`/api/payments/${reference}/sandbox-pay`, member, { cardNumber: SANDBOX_DECLINED_CARD }),
      400,
      walletTexts.cardDeclined,
    );
    expect(await paymentRow(svc, reference)).toMatchObject({ status: 'failed', reason: 'Card declined', transactionId: null });
    // The charge stays declined: the good card afterwards credits nothing either.
    expectError(
      await api.post(`/api/payments/${reference}/sandbox-pay`, member, { cardNumber: SANDBOX_SUCCESS_CARD }),
      400,
      walletTexts.cardDeclined,
    );
    expect(await creditsOf(svc, reference)).toHaveLength(0);
    expect(await balanceKoboOf(svc, member)).toBe(0);
  });

  it("refuses anonymous callers, another member's payment and malformed cards", async () => {
    const { svc, api } = service;
    const [owner, other] = [nextId(), nextId()];
    const { reference } = await startTopUp(svc, api, owner, 100);
    expect((await api.post(`/api/payments/${reference}/sandbox-pay`, null, { cardNumber: SANDBOX_SUCCESS_CARD })).statusCode).toBe(401);
    expectError(
      await api.post(`/api/payments/${reference}/sandbox-pay`, other, { cardNumber: SANDBOX_SUCCESS_CARD }),
      404,
      walletTexts.paymentNotFound,
    );
    expectError(await api.get(`/api/payments/${reference}`, other), 404, walletTexts.paymentNotFound);
    expectError(await api.post(`/api/payments/${reference}/verify`, other), 404, walletTexts.paymentNotFound);
    expectError(await api.post(`/api/payments/${reference}/sandbox-pay`, owner, { cardNumber: 'abc' }), 400, walletTexts.cardDeclined);
    expectError(
      await api.post(`/api/payments/kora_nope_123/sandbox-pay`, owner, { cardNumber: SANDBOX_SUCCESS_CARD }),
      404,
      walletTexts.paymentNotFound,
    );
    expect((await paymentRow(svc, reference))?.status).toBe('pending');
    expect(await creditsOf(svc, reference)).toHaveLength(0);
  });
});
