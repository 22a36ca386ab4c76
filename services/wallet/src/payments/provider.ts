/**
 * The card-payment provider port (decision 023, "Card payments"): what the wallet asks of whoever
 * takes the card. Two adapters: Paystack (paystack.ts) and the sandbox (sandbox.ts), chosen by
 * `w.config.provider` for new payments and by the payment's own `provider` when confirming one
 * (providers.ts).
 */
import type { PaymentProviderName } from '../db/schema.js';

export interface InitializeRequest {
  reference: string;
  email: string;
  amountKobo: number;
  /** Where the provider sends the payer back (the web app's /payments/callback). */
  callbackUrl: string;
  metadata?: Record<string, unknown>;
}

/**
 * What the provider says of a reference. `unknown`: it has no such transaction (never credited);
 * `pending`: not finished yet (asked again later).
 */
export interface Verification {
  status: 'success' | 'failed' | 'pending' | 'unknown';
  amountKobo: number | null;
  currency: string | null;
  paidAt: Date | null;
  /** The provider's words when it gave some (a declined card, say). */
  reason: string | null;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Throws `ProviderUnavailable` when the provider does not answer after its retries. */
  initialize(request: InitializeRequest): Promise<{ authorizationUrl: string }>;
  /** Throws `ProviderUnavailable` likewise; a caller keeps the payment pending and asks again later. */
  verify(reference: string): Promise<Verification>;
  /** The secret that signs this provider's webhooks (HMAC-SHA512 of the raw body). */
  readonly webhookSecret: string;
}

/** The provider down (timeouts, 5xx, network) after the retries, or refusing us (4xx). */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}
