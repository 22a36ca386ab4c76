/**
 * The sandbox checkout's card (decision 023), for members, sandbox provider only:
 * - POST /api/payments/{reference}/sandbox-pay { cardNumber } -> the caller's payment
 * The test card (SANDBOX_SUCCESS_CARD) marks the sandbox's charge paid; then the sandbox delivers a
 * signed `charge.success` webhook to this service's own webhook route, so the payment completes
 * through the same signature check, verification and crediting as a Paystack one. Any other card
 * is declined (400 "Card declined"; the payment is failed by the same confirmation).
 */
import {
  PAYMENT_WEBHOOK_PATH,
  PAYSTACK_SIGNATURE_HEADER,
  paymentReferenceParams,
  paymentSchema,
  SANDBOX_SUCCESS_CARD,
  sandboxPayBody,
} from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import type { Wallet } from '../context.js';
import { cardDeclined, paymentNotFound, sandboxOff } from '../errors.js';
import { confirmPayment } from '../payments/confirm.js';
import { sandboxProvider, sandboxSecret, settleSandboxCharge } from '../payments/sandbox.js';
import { signBody } from '../payments/signature.js';
import { paymentView } from '../payments/view.js';
import { ownPayment } from './payments.js';

/** Sends a request to this service's own routes (the root app's `inject`). */
export type InjectOwn = (request: {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<{ statusCode: number; body: string }>;

export function sandboxRoutes(app: ServiceApp, w: Wallet, injectOwn: InjectOwn): void {
  app.post(
    '/api/payments/:reference/sandbox-pay',
    {
      schema: {
        ...memberOnly,
        tags: ['payments'],
        operationId: 'paySandboxCheckout',
        summary: 'Pay one of your payments with the test card (sandbox checkout only)',
        params: paymentReferenceParams,
        body: sandboxPayBody,
        response: { 200: paymentSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      if (w.config.provider !== 'sandbox') throw sandboxOff();
      const payment = await ownPayment(w, request.params.reference, memberOf(request).userId);
      if (payment.provider !== 'sandbox') throw paymentNotFound();
      const paid = request.body.cardNumber.replace(/\s+/g, '') === SANDBOX_SUCCESS_CARD;
      const outcome = await settleSandboxCharge(w, payment.reference, paid);
      if (outcome !== 'success') {
        await confirmPayment(w, payment.reference);
        throw cardDeclined();
      }
      await deliverChargeSuccess(w, injectOwn, payment.reference);
      return paymentView(await ownPayment(w, payment.reference, payment.userId));
    },
  );
}

/** What Paystack would send on a paid charge, signed with the sandbox's secret, to our own webhook. */
async function deliverChargeSuccess(w: Wallet, injectOwn: InjectOwn, reference: string): Promise<void> {
  const charge = await sandboxProvider(w).verify(reference);
  const body = JSON.stringify({
    event: 'charge.success',
    data: {
      reference,
      amount: charge.amountKobo,
      currency: charge.currency,
      status: 'success',
      paid_at: charge.paidAt?.toISOString() ?? null,
    },
  });
  const res = await injectOwn({
    method: 'POST',
    url: PAYMENT_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', [PAYSTACK_SIGNATURE_HEADER]: signBody(sandboxSecret(w), body) },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`the sandbox's webhook was refused (${res.statusCode}): ${res.body}`);
}
