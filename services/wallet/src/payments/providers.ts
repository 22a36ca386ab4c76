/**
 * Which adapter takes a payment: `w.config.provider` for new payments, the payment's own `provider`
 * when confirming one, so a payment started under one configuration is still confirmed by the books
 * that know it.
 */
import type { Wallet } from '../context.js';
import type { PaymentProviderName } from '../db/schema.js';
import { paystackProvider } from './paystack.js';
import type { PaymentProvider } from './provider.js';
import { sandboxProvider } from './sandbox.js';

/** The provider new payments go to, or null when card payments are off (production with neither). */
export function currentProvider(w: Wallet): PaymentProvider | null {
  return w.config.provider ? providerNamed(w, w.config.provider) : null;
}

/** The adapter for a payment's provider; null for Paystack when no key is configured any more. */
export function providerNamed(w: Wallet, name: PaymentProviderName): PaymentProvider | null {
  if (name === 'paystack') return w.config.PAYSTACK_SECRET_KEY ? paystackProvider(w, w.config.PAYSTACK_SECRET_KEY) : null;
  return sandboxProvider(w);
}
