/**
 * Money into a member's wallet as a member puts it there: a card payment, paid and confirmed,
 * through whichever provider the harness gave the product (a fake Paystack in the embedded product,
 * KORA_FAKE_PAYSTACK_URL; the sandbox's test card in the distributed one).
 */
import { SANDBOX_SUCCESS_CARD, type InitializePaymentAnswer, type Payment } from '@kora/contracts';
import { eventually } from '@kora/testing';
import { expect } from 'vitest';
import { auth, json, type SignedIn } from './members.js';
import { api, body } from './product.js';

export const FAKE_PAYSTACK = process.env.KORA_FAKE_PAYSTACK_URL;

/** A signed-in member whose sign-up e-mail the test knows (what a card payment must use). */
export type PayingMember = SignedIn & { member: { email: string } };

/** Tops `who`'s wallet up by `naira` and waits until the payment is credited (the credit commits with it). */
export async function topUp(who: PayingMember, naira: number): Promise<void> {
  const initialize = () =>
    api('/api/payments/initialize', json({ email: who.member.email, amount: naira, metadata: { userId: who.user.user_id } }, who.token));
  // The wallet learns e-mails from auth's events: the first tries may come before it has.
  let started: Response | undefined;
  await eventually(async () => (started = await initialize()).status === 200);
  const { reference } = await body<InitializePaymentAnswer>(started!);
  if (FAKE_PAYSTACK) {
    const said = await fetch(`${FAKE_PAYSTACK}/_control/transactions/${reference}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'success' }),
    });
    expect(said.status).toBe(200);
    expect((await api(`/api/payments/${reference}/verify`, { method: 'POST', ...auth(who.token) })).status).toBe(200);
  } else {
    expect((await api(`/api/payments/${reference}/sandbox-pay`, json({ cardNumber: SANDBOX_SUCCESS_CARD }, who.token))).status).toBe(200);
  }
  await eventually(async () => (await body<Payment>(await api(`/api/payments/${reference}`, auth(who.token)))).status === 'success');
}
