/**
 * The sandbox provider (decision 023): the test checkout for installs without a Paystack key. Its
 * books are `sandbox_charges` (standing for the provider's own records, apart from `payments`); the
 * payer is sent to Kora's /checkout page, where the test card marks the charge paid and the sandbox
 * then delivers a signed `charge.success` webhook like Paystack's, so the payment completes through
 * the same signature check, verification and crediting as a real one.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Wallet } from '../context.js';
import type { PaymentProvider, Verification } from './provider.js';

/** The secret signing the sandbox's webhooks: PAYMENTS_SANDBOX_SECRET, else one derived from INTERNAL_SECRET. */
export function sandboxSecret(w: Wallet): string {
  return (
    w.config.PAYMENTS_SANDBOX_SECRET ??
    createHmac('sha256', w.ctx.env.INTERNAL_SECRET).update('kora.payments.sandbox-webhooks').digest('hex')
  );
}

export function checkoutUrl(w: Wallet, reference: string): string {
  return `${w.config.PUBLIC_URL}/checkout?reference=${encodeURIComponent(reference)}`;
}

export function sandboxProvider(w: Wallet): PaymentProvider {
  const { sandboxCharges } = w.tables;
  return {
    name: 'sandbox',
    webhookSecret: sandboxSecret(w),

    async initialize({ reference, email, amountKobo }) {
      await w.ctx.db.insert(sandboxCharges).values({ reference, email, amountKobo, createdAt: w.now() }).onConflictDoNothing();
      return { authorizationUrl: checkoutUrl(w, reference) };
    },

    async verify(reference): Promise<Verification> {
      const [charge] = await w.ctx.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference));
      if (!charge) return { status: 'unknown', amountKobo: null, currency: null, paidAt: null, reason: null };
      return {
        status: charge.status,
        amountKobo: charge.amountKobo,
        currency: charge.currency,
        paidAt: charge.paidAt,
        reason: charge.status === 'failed' ? 'Card declined' : null,
      };
    },
  };
}

/** The test card's outcome on the sandbox's books: paid or declined, once (a settled charge stays). */
export async function settleSandboxCharge(w: Wallet, reference: string, paid: boolean): Promise<'success' | 'failed'> {
  const { sandboxCharges } = w.tables;
  const [row] = await w.ctx.db
    .update(sandboxCharges)
    .set({ status: paid ? 'success' : 'failed', paidAt: paid ? w.now() : null })
    .where(sql`${sandboxCharges.reference} = ${reference} and ${sandboxCharges.status} = 'pending'`)
    .returning({ status: sandboxCharges.status });
  if (row) return row.status as 'success' | 'failed';
  const [current] = await w.ctx.db
    .select({ status: sandboxCharges.status })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.reference, reference));
  return current?.status === 'success' ? 'success' : 'failed';
}
