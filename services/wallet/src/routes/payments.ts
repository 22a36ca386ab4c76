/**
 * Card top-ups for members (docs/product/wallet.md; decision 023 "Card payments"):
 * - POST /api/payments/initialize { email, amount, metadata: { userId } } -> { authorization_url, reference }
 * - GET /api/payments/{reference} -> the caller's payment (another member's: 404)
 * - POST /api/payments/{reference}/verify -> asks the provider now, credits once when paid; the payment
 */
import { initializePaymentAnswer, initializePaymentBody, paymentReferenceParams, paymentSchema } from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import { and, eq } from 'drizzle-orm';
import type { Wallet } from '../context.js';
import { paymentNotFound, providerUnavailable } from '../errors.js';
import { confirmPayment } from '../payments/confirm.js';
import { initializePayment } from '../payments/initialize.js';
import { ProviderUnavailable } from '../payments/provider.js';
import { paymentView, type PaymentRow } from '../payments/view.js';

const tags = ['payments'];

/** The caller's own payment, or 404 (another member's payment is as missing as one never made). */
export async function ownPayment(w: Wallet, reference: string, userId: number): Promise<PaymentRow> {
  const { payments } = w.tables;
  const [row] = await w.ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.userId, userId)));
  if (!row) throw paymentNotFound();
  return row;
}

export function paymentsRoutes(app: ServiceApp, w: Wallet): void {
  app.post(
    '/api/payments/initialize',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'initializePayment',
        summary: 'Start a card top-up of your wallet',
        description:
          "The amount is in naira (above 0, at most 1,000,000, at most 2 decimals); the e-mail must be your account's and " +
          '`metadata.userId` your id. Open `authorization_url` to pay; the wallet is credited once the provider confirms it.',
        body: initializePaymentBody,
        response: { 200: initializePaymentAnswer, 400: errors[400], 401: errors[401], 403: errors[403], 503: errors[503] },
      },
    },
    async (request) => initializePayment(w, memberOf(request).userId, request.body),
  );

  app.get(
    '/api/payments/:reference',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'getPayment',
        summary: 'One of your card payments, as it stands',
        params: paymentReferenceParams,
        response: { 200: paymentSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => paymentView(await ownPayment(w, request.params.reference, memberOf(request).userId)),
  );

  app.post(
    '/api/payments/:reference/verify',
    {
      schema: {
        ...memberOnly,
        tags,
        operationId: 'verifyPayment',
        summary: 'Ask the provider about one of your payments now (credits it once when paid)',
        description: 'What the web callback page calls on return from the provider. Settled payments answer as they are.',
        params: paymentReferenceParams,
        response: { 200: paymentSchema, 401: errors[401], 404: errors[404], 503: errors[503] },
      },
    },
    async (request) => {
      const own = await ownPayment(w, request.params.reference, memberOf(request).userId);
      try {
        return paymentView((await confirmPayment(w, own.reference)) ?? own);
      } catch (err) {
        if (err instanceof ProviderUnavailable) throw providerUnavailable();
        throw err;
      }
    },
  );
}
