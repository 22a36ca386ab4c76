/**
 * Starting a card top-up (`POST /api/payments/initialize`, docs/product/wallet.md): the
 * caller's own wallet (403), the caller's own e-mail as the wallet learnt it from auth (400), an
 * amount above 0, at most the limit, in whole kobo (400, walletTexts). The payment is recorded as
 * pending with its amount BEFORE the provider is called, so whatever the provider later reports is
 * compared with what we asked; the provider's authorization URL is stored and answered. A provider
 * that does not answer leaves the payment failed with the reason, and the caller a 503.
 */
import {
  hasAtMostTwoDecimals,
  nairaToKobo,
  walletLimits,
  walletTexts,
  type InitializePaymentAnswer,
  type InitializePaymentBody,
} from '@kora/contracts';
import { eq } from 'drizzle-orm';
import type { Wallet } from '../context.js';
import { amountInvalid, emailNotYours, providerUnavailable, userNotYou } from '../errors.js';
import { assertPaymentsOn } from '../ledger/payments-switch.js';
import { ProviderUnavailable } from './provider.js';
import { currentProvider } from './providers.js';
import { newReference } from './reference.js';

/** The amount in kobo, or the refusal with its text. */
export function topUpKobo(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) throw amountInvalid();
  if (amount > walletLimits.maxTopUpNaira) throw amountInvalid(walletTexts.amountTooLarge);
  if (!hasAtMostTwoDecimals(amount)) throw amountInvalid(walletTexts.amountDecimals);
  return nairaToKobo(amount);
}

const normalEmail = (email: string) => email.trim().toLowerCase();

async function callerEmail(w: Wallet, userId: number, given: string): Promise<string> {
  const { memberEmails } = w.tables;
  const [known] = await w.ctx.db.select({ email: memberEmails.email }).from(memberEmails).where(eq(memberEmails.userId, userId));
  if (!known?.email) throw emailNotYours(walletTexts.emailRequired);
  if (normalEmail(given) !== normalEmail(known.email)) throw emailNotYours();
  return known.email;
}

export async function initializePayment(w: Wallet, callerId: number, body: InitializePaymentBody): Promise<InitializePaymentAnswer> {
  // Defence in depth: the gateway refuses /api/payments while the switch is off.
  assertPaymentsOn(w);
  if (body.metadata.userId !== callerId) throw userNotYou();
  const email = await callerEmail(w, callerId, body.email);
  const amountKobo = topUpKobo(body.amount);
  const provider = currentProvider(w);
  if (!provider) {
    w.ctx.log.error('card payment refused: no provider (set PAYSTACK_SECRET_KEY, or PAYMENTS_SANDBOX=on)');
    throw providerUnavailable();
  }

  const { payments } = w.tables;
  const reference = newReference(callerId, w.now());
  await w.ctx.db.insert(payments).values({ reference, userId: callerId, email, amountKobo, provider: provider.name, createdAt: w.now() });
  try {
    const { authorizationUrl } = await provider.initialize({
      reference,
      email,
      amountKobo,
      callbackUrl: `${w.config.PUBLIC_URL}/payments/callback`,
      metadata: { userId: callerId },
    });
    await w.ctx.db.update(payments).set({ authorizationUrl }).where(eq(payments.reference, reference));
    w.ctx.log.info({ reference, userId: callerId, amountKobo, provider: provider.name }, 'payment initialized');
    return { authorization_url: authorizationUrl, reference };
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    w.ctx.log.error({ reference, err: err.message }, 'payment initialization failed: provider unavailable');
    await w.ctx.db
      .update(payments)
      .set({ status: 'failed', reason: err.message, checkedAt: w.now() })
      .where(eq(payments.reference, reference));
    throw providerUnavailable();
  }
}
