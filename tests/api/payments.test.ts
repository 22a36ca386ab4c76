/**
 * Card top-ups through the gateway, against whichever provider the harness gave the product: the
 * embedded product a fake Paystack (KORA_FAKE_PAYSTACK_URL, a real HTTP server), the distributed one
 * the sandbox checkout. Every refusal of initialize with its text; anonymous callers and other
 * members refused; webhooks with bad, missing or wrong-key signatures refused with 401 (the gateway
 * passes the raw bytes through unchanged: a correctly signed one is heard); and a payment completed
 * end to end and credited once, also under 1,000 concurrent duplicate webhooks (Paystack) or a
 * second payment attempt (sandbox); a declined card credits nothing.
 */
import {
  PAYMENT_WEBHOOK_PATH,
  PAYSTACK_SIGNATURE_HEADER,
  SANDBOX_DECLINED_CARD,
  SANDBOX_SUCCESS_CARD,
  walletTexts,
  type InitializePaymentAnswer,
  type Payment,
} from '@kora/contracts';
import { eventually } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargeSuccess, FAKE_PAYSTACK_KEY, paystackSignature } from '../../scripts/lib/fake-paystack.mjs';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { api, body, MODE } from './support/product.js';

const FAKE = process.env.KORA_FAKE_PAYSTACK_URL;
const PROVIDER = FAKE ? 'paystack' : 'sandbox';

async function refused(res: Response, status: number, text: string): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(await res.json()).toEqual({ error: text, message: text, code: expect.any(String) });
}

const initialize = (who: SignedIn, over: Record<string, unknown> = {}) =>
  api(
    '/api/payments/initialize',
    json(
      {
        email: (who as SignedIn & { member: { email: string } }).member.email,
        amount: 5000,
        metadata: { userId: who.user.user_id },
        ...over,
      },
      who.token,
    ),
  );

async function started(who: SignedIn, amount: number): Promise<InitializePaymentAnswer> {
  const res = await initialize(who, { amount });
  expect(res.status, await res.clone().text()).toBe(200);
  return body<InitializePaymentAnswer>(res);
}

const paymentOf = async (who: SignedIn, reference: string) => body<Payment>(await api(`/api/payments/${reference}`, auth(who.token)));

/** A webhook as a provider posts it, through the gateway. */
function webhook(payload: unknown, signature?: string): Promise<Response> {
  const raw = JSON.stringify(payload);
  return api(PAYMENT_WEBHOOK_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { [PAYSTACK_SIGNATURE_HEADER]: signature }) },
    body: raw,
  });
}

/** Paystack's control: what verify will say of a reference. */
async function fakeSays(reference: string, state: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${FAKE}/_control/transactions/${reference}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(state),
  });
  expect(res.status).toBe(200);
}

describe(`card payments through the gateway (${MODE}, ${PROVIDER})`, () => {
  let ada: SignedIn & { member: { email: string } };
  let bola: SignedIn & { member: { email: string } };

  beforeAll(async () => {
    [ada, bola] = await Promise.all([signedInMember(), signedInMember()]);
    // The wallet learns e-mails from auth's events: wait until it knows Ada's.
    await eventually(
      async () =>
        (await initialize(ada, { amount: 0 })).status === 400 &&
        (await (await initialize(ada, { amount: 0 })).json()).error === walletTexts.amountInvalid,
    );
  });

  it('refuses anonymous callers on every member route', async () => {
    const calls: [string, RequestInit][] = [
      ['/api/payments/initialize', json({ email: 'a@example.com', amount: 10, metadata: { userId: 1 } })],
      ['/api/payments/kora_1_abc_def', {}],
      ['/api/payments/kora_1_abc_def/verify', { method: 'POST' }],
      ['/api/payments/kora_1_abc_def/sandbox-pay', json({ cardNumber: SANDBOX_SUCCESS_CARD })],
    ];
    for (const [path, init] of calls) expect((await api(path, init)).status, `${init.method ?? 'GET'} ${path}`).toBe(401);
  });

  it('refuses with the texts: another member, another e-mail, bad amounts', async () => {
    await refused(await initialize(ada, { metadata: { userId: bola.user.user_id } }), 403, walletTexts.userNotYou);
    await refused(await initialize(ada, { email: bola.member.email }), 400, walletTexts.emailNotYours);
    for (const amount of [0, -1, 'lots']) await refused(await initialize(ada, { amount }), 400, walletTexts.amountInvalid);
    await refused(await initialize(ada, { amount: 1_000_001 }), 400, walletTexts.amountTooLarge);
    await refused(await initialize(ada, { amount: 1.234 }), 400, walletTexts.amountDecimals);
  });

  it("keeps a member's payment from others, and refuses unsigned or wrongly signed webhooks", async () => {
    const { reference } = await started(ada, 150);
    await refused(await api(`/api/payments/${reference}`, auth(bola.token)), 404, walletTexts.paymentNotFound);
    await refused(
      await api(`/api/payments/${reference}/verify`, { method: 'POST', ...auth(bola.token) }),
      404,
      walletTexts.paymentNotFound,
    );
    const event = chargeSuccess(reference, { amount: 15_000 });
    await refused(await webhook(event), 401, walletTexts.signatureInvalid);
    await refused(await webhook(event, paystackSignature('sk_test_not_the_key', JSON.stringify(event))), 401, walletTexts.signatureInvalid);
    await refused(await webhook(event, 'f'.repeat(128)), 401, walletTexts.signatureInvalid);
    expect(await paymentOf(ada, reference)).toMatchObject({ reference, status: 'pending', amount: 150, provider: PROVIDER });
  });

  it.runIf(PROVIDER === 'paystack')('completes a Paystack payment once, whatever 1,000 concurrent duplicate webhooks do', async () => {
    const { reference, authorization_url } = await started(ada, 2000.5);
    expect(authorization_url.startsWith(`${FAKE}/checkout/`)).toBe(true);
    // Claimed paid before Paystack says so: not credited.
    const event = chargeSuccess(reference, { amount: 200_050 });
    const signed = paystackSignature(FAKE_PAYSTACK_KEY, JSON.stringify(event));
    expect((await webhook(event, signed)).status).toBe(200);
    expect((await body<Payment>(await api(`/api/payments/${reference}/verify`, { method: 'POST', ...auth(ada.token) }))).status).toBe(
      'pending',
    );

    await fakeSays(reference, { status: 'success' });
    const answers = await Promise.all(Array.from({ length: 1000 }, () => webhook(event, signed)));
    expect(answers.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
    await eventually(async () => (await paymentOf(ada, reference)).status === 'success');
    expect(await paymentOf(ada, reference)).toMatchObject({ amount: 2000.5, paidAt: expect.any(String), reason: null });

    // A mismatched amount is never credited.
    const other = await started(bola, 100);
    await fakeSays(other.reference, { status: 'success', amount: 1_000_000 });
    expect(
      await body<Payment>(await api(`/api/payments/${other.reference}/verify`, { method: 'POST', ...auth(bola.token) })),
    ).toMatchObject({ status: 'failed' });
  });

  it.runIf(PROVIDER === 'sandbox')('completes a sandbox payment once with the test card; a declined card credits nothing', async () => {
    const { reference, authorization_url } = await started(ada, 5000);
    expect(new URL(authorization_url).pathname).toBe('/checkout');
    expect(new URL(authorization_url).searchParams.get('reference')).toBe(reference);
    await refused(
      await api(`/api/payments/${reference}/sandbox-pay`, json({ cardNumber: SANDBOX_SUCCESS_CARD }, bola.token)),
      404,
      walletTexts.paymentNotFound,
    );
    for (let i = 0; i < 2; i++)
      expect((await api(`/api/payments/${reference}/sandbox-pay`, json({ cardNumber: SANDBOX_SUCCESS_CARD }, ada.token))).status).toBe(200);
    await eventually(async () => (await paymentOf(ada, reference)).status === 'success');

    const declined = await started(bola, 300);
    await refused(
      await api(`/api/payments/${declined.reference}/sandbox-pay`, json({ cardNumber: SANDBOX_DECLINED_CARD }, bola.token)),
      400,
      walletTexts.cardDeclined,
    );
    expect(await paymentOf(bola, declined.reference)).toMatchObject({ status: 'failed', paidAt: null });
  });

  it.runIf(PROVIDER === 'paystack')(
    'answers 200 to a signed webhook for an unknown reference (so the provider stops retrying)',
    async () => {
      const event = chargeSuccess('kora_0_unknown_0000', { amount: 100 });
      expect((await webhook(event, paystackSignature(FAKE_PAYSTACK_KEY, JSON.stringify(event)))).status).toBe(200);
    },
  );
});
