/**
 * Starting a card top-up: every refusal with its text and status (another member's userId, an
 * e-mail that is not the caller's or none known, amounts that are not numbers, not above 0, above
 * the limit or finer than a kobo), anonymous callers refused before anything is read, the payment
 * recorded as pending with its kobo before the provider is called, unique references, and no
 * provider at all (production without a key or the sandbox) answering 503.
 */
import { walletTexts } from '@kora/contracts';
import { expectError, memberClient } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { paymentRow } from '../payments/test-support.js';
import { emailOf, memberIds, registerMember, startWallet, useWalletService } from '../test-support.js';

describe(`initializing a payment (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService();
  const nextId = memberIds();
  const init = (caller: number | null, body: unknown) => service.api.post('/api/payments/initialize', caller, body);

  it('refuses what is not the caller’s, or not a valid amount, with the texts', async () => {
    const { svc } = service;
    const [member, other, unknown] = [nextId(), nextId(), nextId()];
    await registerMember(svc, member);
    await registerMember(svc, other);
    const body = (over: Record<string, unknown> = {}) => ({ email: emailOf(member), amount: 5000, metadata: { userId: member }, ...over });

    expect((await init(null, body())).statusCode).toBe(401);
    expectError(await init(member, body({ metadata: { userId: other } })), 403, walletTexts.userNotYou);
    expectError(await init(member, body({ metadata: {} })), 400, walletTexts.userNotYou);
    expectError(await init(member, body({ email: emailOf(other) })), 400, walletTexts.emailNotYours);
    expectError(await init(unknown, { ...body(), email: emailOf(unknown), metadata: { userId: unknown } }), 400, walletTexts.emailRequired);
    for (const amount of [0, -5, '5000', null]) expectError(await init(member, body({ amount })), 400, walletTexts.amountInvalid);
    expectError(await init(member, body({ amount: 1_000_000.01 })), 400, walletTexts.amountTooLarge);
    expectError(await init(member, body({ amount: 10.001 })), 400, walletTexts.amountDecimals);
    const p = svc.tables.payments;
    expect((await svc.ctx.db.select().from(p)).filter((r) => [member, other, unknown].includes(r.userId))).toEqual([]);
  });

  it('takes the e-mail whatever its case and spaces, records the payment pending in kobo, unique references', async () => {
    const { svc } = service;
    const member = nextId();
    await registerMember(svc, member);
    const first = await init(member, { email: `  ${emailOf(member).toUpperCase()} `, amount: 1_000_000, metadata: { userId: member } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await init(member, { email: emailOf(member), amount: 0.01, metadata: { userId: String(member) } });
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json().reference).not.toBe(second.json().reference);
    expect(await paymentRow(svc, first.json().reference)).toMatchObject({
      userId: member,
      amountKobo: 100_000_000,
      status: 'pending',
      email: emailOf(member),
    });
    expect(await paymentRow(svc, second.json().reference)).toMatchObject({ amountKobo: 1 });
    expect((await service.api.get(`/api/payments/${first.json().reference}`, member)).json()).toMatchObject({
      amount: 1_000_000,
      status: 'pending',
      reason: null,
      paidAt: null,
    });
    expectError(await service.api.get('/api/payments/kora_1_nothing_here', member), 404, walletTexts.paymentNotFound);
    expect((await service.api.get(`/api/payments/${first.json().reference}`, null)).statusCode).toBe(401);
  });

  it('answers 503 when no provider is configured (production without a key or PAYMENTS_SANDBOX=on)', async () => {
    const svc = await startWallet({ env: { NODE_ENV: 'production' } });
    try {
      const member = nextId();
      await registerMember(svc, member);
      const api = memberClient(svc);
      expectError(
        await api.post('/api/payments/initialize', member, { email: emailOf(member), amount: 10, metadata: { userId: member } }),
        503,
        walletTexts.providerUnavailable,
      );
      expectError(
        await api.post('/api/payments/kora_1_any_ref/sandbox-pay', member, { cardNumber: '4084084084084081' }),
        404,
        walletTexts.sandboxOff,
      );
    } finally {
      await svc.close();
    }
  });
});
