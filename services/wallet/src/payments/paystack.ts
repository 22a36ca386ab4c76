/**
 * The Paystack adapter (https://paystack.com/docs/api/transaction/): `POST /transaction/initialize`
 * with our reference and the amount in kobo, `GET /transaction/verify/{reference}`, the secret key
 * as a bearer token. Each call has its own timeout (PAYSTACK_TIMEOUT_MS) and is retried twice, with
 * a growing pause, when it times out, fails on the network or answers 5xx; a 4xx is Paystack's
 * considered answer and is never retried.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { Wallet } from '../context.js';
import { ProviderUnavailable, type InitializeRequest, type PaymentProvider, type Verification } from './provider.js';

/** Tries in all per call (the first and two retries), and the first pause (doubled each time). */
export const PAYSTACK_ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 100;

const initializeAnswer = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.string().url() }),
});

const verifyAnswer = z.object({
  status: z.literal(true),
  data: z.object({
    status: z.string(),
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    paid_at: z.string().nullish(),
    paidAt: z.string().nullish(),
    gateway_response: z.string().nullish(),
  }),
});

/** Paystack's transaction states, as ours: only `success` is paid; abandoned may still be paid later. */
function stateOf(status: string): Verification['status'] {
  if (status === 'success') return 'success';
  if (status === 'failed' || status === 'reversed') return 'failed';
  return 'pending';
}

interface Answer {
  status: number;
  body: unknown;
}

export function paystackProvider(w: Wallet, secretKey: string): PaymentProvider {
  const base = w.config.PAYSTACK_BASE_URL;
  const timeoutMs = w.config.PAYSTACK_TIMEOUT_MS;
  const log = w.ctx.log;

  /** One call with its retries; answers any status below 500 (the caller reads 4xx). */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= PAYSTACK_ATTEMPTS; attempt++) {
      if (attempt > 1) await sleep(FIRST_BACKOFF_MS * 2 ** (attempt - 2));
      try {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${secretKey}`,
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        if (res.status >= 500) {
          lastError = new Error(`Paystack answered ${res.status}`);
          log.warn({ path, attempt, status: res.status }, 'payment provider failed; retrying');
          continue;
        }
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
        return { status: res.status, body: parsed };
      } catch (err) {
        // A timeout (AbortSignal) or a network failure: worth another try.
        lastError = err;
        log.warn({ path, attempt, err: (err as Error).message }, 'payment provider did not answer; retrying');
      }
    }
    throw new ProviderUnavailable(`Paystack did not answer ${method} ${path} after ${PAYSTACK_ATTEMPTS} tries`, { cause: lastError });
  }

  return {
    name: 'paystack',
    webhookSecret: secretKey,

    async initialize(request: InitializeRequest) {
      const answer = await call('POST', '/transaction/initialize', {
        email: request.email,
        amount: String(request.amountKobo),
        currency: 'NGN',
        reference: request.reference,
        callback_url: request.callbackUrl,
        metadata: request.metadata ?? {},
      });
      const parsed = initializeAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) {
        // A 4xx here is our request or our key being refused: not the member's doing, and not retried.
        log.error({ status: answer.status, body: answer.body }, 'Paystack refused to initialize a transaction');
        throw new ProviderUnavailable(`Paystack refused to initialize (${answer.status})`);
      }
      return { authorizationUrl: parsed.data.data.authorization_url };
    },

    async verify(reference: string): Promise<Verification> {
      const answer = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      // "Transaction reference not found": Paystack knows no such payment; nothing to credit.
      if (answer.status === 400 || answer.status === 404)
        return { status: 'unknown', amountKobo: null, currency: null, paidAt: null, reason: readMessage(answer.body) };
      const parsed = verifyAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) {
        log.error({ status: answer.status, body: answer.body }, 'Paystack answered a verification we cannot read');
        throw new ProviderUnavailable(`Paystack verification unreadable (${answer.status})`);
      }
      const d = parsed.data.data;
      if (d.reference !== reference)
        return { status: 'unknown', amountKobo: null, currency: null, paidAt: null, reason: 'The provider answered for another reference' };
      const paidAt = d.paid_at ?? d.paidAt;
      return {
        status: stateOf(d.status),
        amountKobo: d.amount,
        currency: d.currency,
        paidAt: paidAt ? new Date(paidAt) : null,
        reason: d.status === 'success' ? null : (d.gateway_response ?? d.status),
      };
    },
  };
}

function readMessage(body: unknown): string | null {
  return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : null;
}
