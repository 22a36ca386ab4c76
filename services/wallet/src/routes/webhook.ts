/**
 * The provider's webhook (decision 023), public: `POST /api/payments/webhook` (PAYMENT_WEBHOOK_PATH),
 * proven by `x-paystack-signature`, the hex HMAC-SHA512 of the raw body with the provider's secret
 * (Paystack's key, or the sandbox's). A bad or missing signature is a 401 and nothing happens. A
 * `charge.success` for a payment we know queues its confirmation (a job whose id is the reference)
 * and answers 200 at once; an unknown reference is logged and answered 200 so the provider stops
 * retrying; other events are answered 200 and ignored. Crediting happens only in the job, after the
 * provider's own verification (payments/confirm.ts): the webhook's body is never trusted for money.
 */
import { PAYMENT_WEBHOOK_PATH, PAYSTACK_SIGNATURE_HEADER } from '@kora/contracts';
import { errors, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Wallet } from '../context.js';
import { signatureInvalid, webhookBodyInvalid } from '../errors.js';
import { confirmKnownPayment } from '../jobs/confirm-payment.js';
import { currentProvider } from '../payments/providers.js';
import { signatureMatches } from '../payments/signature.js';

/** Paystack's webhooks are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const webhookAnswer = z.object({ received: z.literal(true) }).meta({ example: { received: true } });
const webhookEvent = z
  .object({
    event: z.string(),
    data: z
      .object({ reference: z.string().max(200).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

/** Documents the body for integrators; the handler reads the raw bytes (the signature is over them). */
const webhookBodyDoc = z
  .object({ event: z.string(), data: z.object({ reference: z.string(), amount: z.number(), currency: z.string(), status: z.string() }) })
  .meta({
    example: {
      event: 'charge.success',
      data: { reference: 'kora_7_lq2x9c_3f9a1b2c4d5e', amount: 500000, currency: 'NGN', status: 'success' },
    },
  });

export async function webhookRoutes(app: ServiceApp, w: Wallet): Promise<void> {
  await app.register(async (scope: ServiceApp) => {
    // The raw bytes, whatever the content type: a body parsed and serialised again would not match its signature.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const baseCompiler = scope.validatorCompiler;
    scope.post(
      PAYMENT_WEBHOOK_PATH,
      {
        schema: {
          tags: ['payments'],
          operationId: 'receivePaymentWebhook',
          summary: "The payment provider's webhook (signed with x-paystack-signature)",
          description:
            'Public, for the provider: the `x-paystack-signature` header must be the hex HMAC-SHA512 of the raw body with the ' +
            'secret key, else 401. `charge.success` is verified with the provider and credited once; everything else is ignored.',
          body: webhookBodyDoc,
          response: { 200: webhookAnswer, 400: errors[400], 401: errors[401] },
        },
        // The body is the raw bytes, checked by signature; the schema above only documents it.
        // (`true`: valid and left as it is; a `{ value }` answer would replace the bytes.)
        validatorCompiler: (route) => (route.httpPart === 'body' || !baseCompiler ? () => true : baseCompiler(route)),
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const secret = currentProvider(w)?.webhookSecret;
        if (!secret || !signatureMatches(secret, raw, request.headers[PAYSTACK_SIGNATURE_HEADER])) {
          request.log.warn({ hasSignature: PAYSTACK_SIGNATURE_HEADER in request.headers }, 'payment webhook refused: bad signature');
          throw signatureInvalid();
        }
        let parsed: z.infer<typeof webhookEvent>;
        try {
          parsed = webhookEvent.parse(JSON.parse(raw.toString('utf8')));
        } catch {
          throw webhookBodyInvalid();
        }
        const reference = parsed.data?.reference;
        if (parsed.event !== 'charge.success' || !reference) {
          request.log.info({ event: parsed.event }, 'payment webhook ignored');
          return { received: true as const };
        }
        if (!(await confirmKnownPayment(w, reference))) request.log.warn({ reference }, 'payment webhook for an unknown reference');
        return { received: true as const };
      },
    );
  });
}
