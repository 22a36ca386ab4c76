/**
 * The Paystack adapter against a fake Paystack: calls that answer 500 or hang are retried (twice),
 * then the member gets a 503 and the payment is failed with the reason; a 4xx is never retried; no
 * provider at all (production without a key or the sandbox) is a 503 too.
 */
import { walletTexts } from '@kora/contracts';
import { expectError } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '../../../../scripts/lib/fake-paystack.mjs';
import { emailOf, memberIds, registerMember, useWalletService } from '../test-support.js';
import { PAYSTACK_ATTEMPTS, paystackProvider } from './paystack.js';
import { ProviderUnavailable } from './provider.js';
import { paymentRow, paystackEnv, startTopUp, walletOf } from './test-support.js';

/** Long enough for a fake that answers on a loaded machine, short enough to see a hang quickly. */
const HANG_TIMEOUT_MS = 1_000;

let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack();
});
afterAll(() => fake.close());

describe(`the Paystack adapter (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService(() => ({ env: paystackEnv(fake, HANG_TIMEOUT_MS) }));
  const nextId = memberIds();
  const latestPayment = async (userId: number) => {
    const p = service.svc.tables.payments;
    const rows = await service.svc.ctx.db.select().from(p);
    return rows.filter((r) => r.userId === userId).at(-1);
  };

  it('retries a 500 and a hanging call, and succeeds within its tries', async () => {
    const { svc, api } = service;
    const member = nextId();
    fake.failNext(PAYSTACK_ATTEMPTS - 1, 'hang');
    const before = fake.apiCalls('/transaction/initialize').length;
    const { reference } = await startTopUp(svc, api, member, 100);
    expect(fake.apiCalls('/transaction/initialize').length - before).toBe(PAYSTACK_ATTEMPTS);
    expect((await paymentRow(svc, reference))?.status).toBe('pending');
    fake.failNext(PAYSTACK_ATTEMPTS - 1, '500');
    await startTopUp(svc, api, member, 100);
  });

  it('gives up after its retries: 503, and the payment recorded before the call is failed with the reason', async () => {
    const { svc, api } = service;
    const member = nextId();
    await registerMember(svc, member);
    for (const mode of ['500', 'hang'] as const) {
      fake.failNext(PAYSTACK_ATTEMPTS, mode);
      const before = fake.apiCalls('/transaction/initialize').length;
      expectError(
        await api.post('/api/payments/initialize', member, { email: emailOf(member), amount: 100, metadata: { userId: member } }),
        503,
        walletTexts.providerUnavailable,
      );
      expect(fake.apiCalls('/transaction/initialize').length - before).toBe(PAYSTACK_ATTEMPTS);
      expect(await latestPayment(member)).toMatchObject({
        status: 'failed',
        amountKobo: 10_000,
        reason: expect.stringMatching(/did not answer/),
        transactionId: null,
      });
    }
  });

  it('never retries a 4xx (a wrong key): one call, then 503', async () => {
    const { svc } = service;
    const wrongKey = paystackProvider(walletOf(svc, paystackEnv({ ...fake, secretKey: 'sk_test_wrong_key' })), 'sk_test_wrong_key');
    const before = fake.apiCalls('/transaction/initialize').length;
    await expect(
      wrongKey.initialize({
        reference: 'kora_1_x_4xx',
        email: 'a@example.ng',
        amountKobo: 100,
        callbackUrl: 'http://kora.test/payments/callback',
      }),
    ).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(fake.apiCalls('/transaction/initialize').length - before).toBe(1);
  });

  it('verifies: success with amount, currency and date; an unknown reference; a verify that keeps failing throws', async () => {
    const { svc, api } = service;
    const member = nextId();
    const { reference } = await startTopUp(svc, api, member, 250);
    const provider = paystackProvider(walletOf(svc, paystackEnv(fake, HANG_TIMEOUT_MS)), fake.secretKey);
    expect(await provider.verify(reference)).toMatchObject({ status: 'pending', amountKobo: 25_000, currency: 'NGN', paidAt: null });
    fake.setTransaction(reference, { status: 'success' });
    expect(await provider.verify(reference)).toMatchObject({
      status: 'success',
      amountKobo: 25_000,
      currency: 'NGN',
      paidAt: expect.any(Date),
      reason: null,
    });
    fake.setTransaction(reference, { status: 'failed', gateway_response: 'Insufficient Funds' });
    expect(await provider.verify(reference)).toMatchObject({ status: 'failed', reason: 'Insufficient Funds' });
    expect(await provider.verify('kora_1_nobody_00')).toMatchObject({ status: 'unknown' });
    fake.failNext(PAYSTACK_ATTEMPTS, '500');
    await expect(provider.verify(reference)).rejects.toBeInstanceOf(ProviderUnavailable);
    // The member's verify then answers 503 and the payment stays as it was.
    fake.setTransaction(reference, { status: 'success' });
    fake.failNext(PAYSTACK_ATTEMPTS, '500');
    expectError(await api.post(`/api/payments/${reference}/verify`, member), 503, walletTexts.providerUnavailable);
    expect((await paymentRow(svc, reference))?.status).toBe('pending');
    expect((await api.post(`/api/payments/${reference}/verify`, member)).json()).toMatchObject({ status: 'success', amount: 250 });
  });
});
