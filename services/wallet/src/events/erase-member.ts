/**
 * A member's account was erased (`user.deleted`, decision 034). The ledger, payments, purchases and
 * plan rows stay, for the books, keyed by the bare id; the e-mail address each card payment was
 * made with (and the sandbox provider's copy) is replaced, and the address projection goes.
 * Replaying writes the same values again.
 */
import { forgetPublishedEvents, type Tx } from '@kora/platform/service';
import { eq, inArray } from 'drizzle-orm';
import type { Wallet } from '../context.js';

/** What an erased member's payments show instead of their address (never deliverable: RFC 2606). */
export const erasedEmail = (userId: number) => `erased-member-${userId}@erased.invalid`;

export async function eraseWalletMember(w: Wallet, tx: Tx, userId: number): Promise<void> {
  const { payments, sandboxCharges, memberEmails } = w.tables;
  const [address] = await tx.select({ email: memberEmails.email }).from(memberEmails).where(eq(memberEmails.userId, userId));
  const paid = await tx
    .update(payments)
    .set({ email: erasedEmail(userId) })
    .where(eq(payments.userId, userId))
    .returning({ reference: payments.reference });
  const references = paid.map((p) => p.reference);
  if (references.length > 0) {
    await tx
      .update(sandboxCharges)
      .set({ email: erasedEmail(userId) })
      .where(inArray(sandboxCharges.reference, references));
  }
  await tx.delete(memberEmails).where(eq(memberEmails.userId, userId));
  await forgetPublishedEvents(tx, w.ctx.schema, userId, address ? [address.email] : []);
}
