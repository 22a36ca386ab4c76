/**
 * Confirming a card payment: the ONE path that credits one (decision 023, "Card payments"), used by
 * the webhook's job, by `POST /api/payments/{reference}/verify` and by the pending sweep.
 *
 * The provider is asked first (outside any transaction: no row is held while the network is slow);
 * then, in one transaction, the payment row is locked (`for update`) and read again. Only a payment
 * still pending moves: a success of the right amount in NGN is credited through `postMovement`
 * (type top_up, with the reference: a unique index makes a second credit impossible even past the
 * lock) and marked success; a failure is marked failed with its reason; an amount or currency that
 * is not ours is marked failed, never credited, and logged at warn. A payment already settled is
 * answered as it is, without asking the provider again: duplicate, concurrent and replayed
 * confirmations credit nothing more.
 */
import { eq } from 'drizzle-orm';
import type { Wallet } from '../context.js';
import { postMovement } from '../ledger/post-movement.js';
import { ProviderUnavailable, type Verification } from './provider.js';
import { providerNamed } from './providers.js';
import type { PaymentRow } from './view.js';

export const PAYMENT_CURRENCY = 'NGN';

/** Answers the payment after confirming it, or null when no payment has this reference. */
export async function confirmPayment(w: Wallet, reference: string): Promise<PaymentRow | null> {
  const { payments } = w.tables;
  const [payment] = await w.ctx.db.select().from(payments).where(eq(payments.reference, reference));
  if (!payment || payment.status !== 'pending') return payment ?? null;
  const provider = providerNamed(w, payment.provider);
  if (!provider) throw new ProviderUnavailable(`no ${payment.provider} provider is configured to confirm ${reference}`);
  const verification = await provider.verify(reference);
  return settle(w, reference, verification);
}

async function settle(w: Wallet, reference: string, v: Verification): Promise<PaymentRow> {
  const { payments } = w.tables;
  const log = w.ctx.log;
  return w.ctx.transact(async (tx, emit) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.reference, reference)).for('update');
    if (!payment) throw new Error(`payment ${reference} vanished`);
    if (payment.status !== 'pending') return payment;
    const now = w.now();
    const mark = async (set: Partial<PaymentRow>) =>
      (
        await tx
          .update(payments)
          .set({ checkedAt: now, ...set })
          .where(eq(payments.reference, reference))
          .returning()
      )[0]!;

    if (v.status === 'success') {
      const mismatch =
        v.currency !== PAYMENT_CURRENCY
          ? `The provider reported ${v.currency ?? 'no currency'}, not ${PAYMENT_CURRENCY}`
          : v.amountKobo !== payment.amountKobo
            ? `The provider reported ${v.amountKobo ?? 'no'} kobo, not the ${payment.amountKobo} initialized`
            : null;
      if (mismatch) {
        log.warn(
          { reference, userId: payment.userId, expectedKobo: payment.amountKobo, reportedKobo: v.amountKobo, currency: v.currency },
          'payment not credited: it does not match what was initialized',
        );
        return mark({ status: 'failed', reason: mismatch });
      }
      const posted = await postMovement(w, tx, emit, { userId: payment.userId, type: 'top_up', amountKobo: payment.amountKobo, reference });
      log.info(
        { reference, userId: payment.userId, amountKobo: payment.amountKobo, transactionId: posted.transactionId },
        'payment credited',
      );
      return mark({ status: 'success', transactionId: posted.transactionId, paidAt: v.paidAt ?? now, reason: null });
    }
    if (v.status === 'failed') return mark({ status: 'failed', reason: v.reason ?? 'The payment failed' });
    // Pending, or a reference the provider does not know (yet): asked again by the sweep.
    return mark({});
  });
}

/**
 * Gives up on a payment still pending at `before` and older than the sweep's patience: marked failed
 * ("abandoned") unless something settled it meanwhile.
 */
export async function abandonPayment(w: Wallet, reference: string): Promise<boolean> {
  const { payments } = w.tables;
  return w.ctx.transact(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.reference, reference)).for('update');
    if (!payment || payment.status !== 'pending') return false;
    await tx.update(payments).set({ status: 'failed', reason: ABANDONED, checkedAt: w.now() }).where(eq(payments.reference, reference));
    return true;
  });
}

export const ABANDONED = 'abandoned';
