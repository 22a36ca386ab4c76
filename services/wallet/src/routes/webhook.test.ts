/**
 * The webhook against a fake Paystack (a real HTTP server): only a correct signature over the raw
 * body is heard; a `charge.success` is credited only after Paystack's own verification says success
 * in NGN for exactly the amount initialized; and whatever arrives (1,000 concurrent duplicates, a
 * replay a day later, a webhook racing the member's verify) a reference is credited once.
 */
import { walletTexts } from '@kora/contracts';
import { eventually, expectError, outboxEvents } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chargeSuccess, startFakePaystack, type FakePaystack } from '../../../../scripts/lib/fake-paystack.mjs';
import { confirmKnownPayment } from '../jobs/confirm-payment.js';
import { signBody } from '../payments/signature.js';
import { balanceKoboOf, creditsOf, jobsSettled, paymentRow, paystackEnv, postWebhook, startTopUp } from '../payments/test-support.js';
import { memberIds, useWalletService } from '../test-support.js';

let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack();
});
afterAll(() => fake.close());

describe(`the Paystack webhook (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService(() => ({ env: paystackEnv(fake) }));
  const nextId = memberIds();

  it('initializes with Paystack: our reference, the amount in kobo, the callback URL, the bearer key', async () => {
    const { svc, api } = service;
    const member = nextId();
    const { reference, authorization_url } = await startTopUp(svc, api, member, 2500.75);
    expect(reference).toMatch(new RegExp(`^kora_${member}_[0-9a-z]+_[0-9a-f]{16}$`));
    expect(authorization_url).toMatch(new RegExp(`^${fake.url}/checkout/`));
    const call = fake.apiCalls('/transaction/initialize').find((c) => c.body?.reference === reference)!;
    expect(call).toMatchObject({
      authorization: `Bearer ${fake.secretKey}`,
      body: { amount: '250075', email: `${member}@example.ng`, callback_url: 'http://kora.test/payments/callback' },
    });
    expect(await paymentRow(svc, reference)).toMatchObject({
      status: 'pending',
      amountKobo: 250_075,
      provider: 'paystack',
      authorizationUrl: authorization_url,
    });
  });

  it('refuses bad, missing and wrong-key signatures with 401, and credits nothing', async () => {
    const { svc, api } = service;
    const member = nextId();
    const { reference } = await startTopUp(svc, api, member, 1000);
    fake.setTransaction(reference, { status: 'success' });
    const event = chargeSuccess(reference, { amount: 100_000 });
    expectError(await postWebhook(svc, event, null), 401, walletTexts.signatureInvalid);
    expectError(await postWebhook(svc, event, `${fake.secretKey}-other`), 401, walletTexts.signatureInvalid);
    expectError(await postWebhook(svc, event, null, 'not-hex'), 401, walletTexts.signatureInvalid);
    // Signed, then changed: the signature is over the bytes as sent.
    const tampered = JSON.stringify({ ...event, data: { ...event.data, amount: 999_999_900 } });
    expectError(await postWebhook(svc, tampered, null, signBody(fake.secretKey, JSON.stringify(event))), 401, walletTexts.signatureInvalid);
    await jobsSettled(svc);
    expect(await paymentRow(svc, reference)).toMatchObject({ status: 'pending', checkedAt: null });
    expect(await creditsOf(svc, reference)).toHaveLength(0);

    // The same event correctly signed is heard.
    expect((await postWebhook(svc, event, fake.secretKey)).statusCode).toBe(200);
    await eventually(async () => (await paymentRow(svc, reference))?.status === 'success');
    await jobsSettled(svc);
    expect(await creditsOf(svc, reference)).toHaveLength(1);
  });

  it('credits nothing for a reference Paystack calls unpaid, a wrong amount or a wrong currency', async () => {
    const { svc, api } = service;
    const member = nextId();
    const unpaid = await startTopUp(svc, api, member, 100);
    const wrongAmount = await startTopUp(svc, api, member, 100);
    const wrongCurrency = await startTopUp(svc, api, member, 100);
    fake.setTransaction(wrongAmount.reference, { status: 'success', amount: 1_000_000 });
    fake.setTransaction(wrongCurrency.reference, { status: 'success', currency: 'USD' });
    for (const { reference } of [unpaid, wrongAmount, wrongCurrency]) {
      // The webhook claims success for the right amount: only Paystack's verification counts.
      expect((await postWebhook(svc, chargeSuccess(reference, { amount: 10_000 }), fake.secretKey)).statusCode).toBe(200);
    }
    await eventually(
      async () =>
        (await paymentRow(svc, wrongAmount.reference))?.status === 'failed' &&
        (await paymentRow(svc, wrongCurrency.reference))?.status === 'failed',
    );
    await jobsSettled(svc);
    expect((await paymentRow(svc, wrongAmount.reference))?.reason).toMatch(/1000000 kobo, not the 10000/);
    expect((await paymentRow(svc, wrongCurrency.reference))?.reason).toMatch(/USD, not NGN/);
    expect(await paymentRow(svc, unpaid.reference)).toMatchObject({ status: 'pending', checkedAt: expect.any(Date) });
    for (const { reference } of [unpaid, wrongAmount, wrongCurrency]) expect(await creditsOf(svc, reference)).toHaveLength(0);
    expect(await balanceKoboOf(svc, member)).toBe(0);
  });

  it('answers 200 to unknown references and other events, crediting nothing', async () => {
    const { svc } = service;
    const before = (await outboxEvents(svc, 'wallet.credited')).length;
    expect((await postWebhook(svc, chargeSuccess('kora_1_unknown_00', { amount: 100 }), fake.secretKey)).json()).toEqual({
      received: true,
    });
    expect((await postWebhook(svc, { event: 'transfer.success', data: { reference: 'x' } }, fake.secretKey)).statusCode).toBe(200);
    expectError(await postWebhook(svc, 'not json', fake.secretKey), 400, 'The webhook body is not a provider event');
    await jobsSettled(svc);
    expect((await outboxEvents(svc, 'wallet.credited')).length).toBe(before);
  });

  it('credits 1,000 concurrent duplicate webhooks once, and a replay a day later not again', async () => {
    const { svc, api } = service;
    const member = nextId();
    const { reference } = await startTopUp(svc, api, member, 5000);
    fake.setTransaction(reference, { status: 'success' });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => postWebhook(svc, chargeSuccess(reference, { amount: 500_000 }), fake.secretKey)),
    );
    const statuses: Record<number, number> = {};
    for (const a of answers) statuses[a.statusCode] = (statuses[a.statusCode] ?? 0) + 1;
    expect(statuses, answers.find((a) => a.statusCode !== 200)?.body).toEqual({ 200: 1000 });
    await eventually(async () => (await paymentRow(svc, reference))?.status === 'success');
    await jobsSettled(svc);
    expect(await creditsOf(svc, reference)).toHaveLength(1);
    expect(await balanceKoboOf(svc, member)).toBe(500_000);

    svc.clock.advance(24 * 3_600_000);
    expect((await postWebhook(svc, chargeSuccess(reference, { amount: 500_000 }), fake.secretKey)).statusCode).toBe(200);
    await jobsSettled(svc);
    expect(await creditsOf(svc, reference)).toHaveLength(1);
    expect(await balanceKoboOf(svc, member)).toBe(500_000);
    expect((await outboxEvents(svc, 'wallet.credited')).filter((e) => e.payload.reference === reference)).toHaveLength(1);
  });

  it('lets duplicates arriving together share one look-up and one enqueue', async () => {
    const { svc, api } = service;
    const { reference } = await startTopUp(svc, api, nextId(), 700);
    const enqueue = vi.spyOn(svc.ctx.jobs, 'enqueue');
    try {
      const known = await Promise.all(Array.from({ length: 50 }, () => confirmKnownPayment(svc, reference)));
      expect(known).toEqual(Array(50).fill(true));
      expect(enqueue).toHaveBeenCalledTimes(1);
      // Once that round is over, the next duplicate looks the payment up again.
      expect(await confirmKnownPayment(svc, reference)).toBe(true);
      expect(enqueue).toHaveBeenCalledTimes(2);
      expect(await confirmKnownPayment(svc, 'kora_1_unknown_00')).toBe(false);
      expect(enqueue).toHaveBeenCalledTimes(2);
    } finally {
      enqueue.mockRestore();
    }
    await jobsSettled(svc);
  });

  it('credits once when the webhook and the member’s verify race', async () => {
    const { svc, api } = service;
    const member = nextId();
    const { reference } = await startTopUp(svc, api, member, 300);
    fake.setTransaction(reference, { status: 'success' });
    const racing = await Promise.all([
      ...Array.from({ length: 20 }, () => postWebhook(svc, chargeSuccess(reference, { amount: 30_000 }), fake.secretKey)),
      ...Array.from({ length: 20 }, () => api.post(`/api/payments/${reference}/verify`, member)),
    ]);
    expect(racing.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    await jobsSettled(svc);
    expect(await creditsOf(svc, reference)).toHaveLength(1);
    expect(await balanceKoboOf(svc, member)).toBe(30_000);
  });
});
