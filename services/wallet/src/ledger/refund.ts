/**
 * Refunds at the ledger's level (decision 023, "Ledger and packages"); admin's back office calls it, no
 * member route does. A transaction is refunded at most once (the unique index
 * `ledger_transactions_refund_idx`, also caught when two refunds race) and in full:
 *
 * - A top-up goes back to the card: the wallet is debited by its amount, refused with 402 when the
 *   balance no longer covers it (the member has spent it; nothing is written). Asking the provider
 *   to pay the card back is the caller's part; this records the money leaving the wallet.
 * - A package purchase goes back to the wallet (credited), and the plan loses what that purchase
 *   gave (`afterRefund`): its days come off the end of the run and its boosts off the quota; a run
 *   with nothing left ends now. A purchase whose run is already over only gives the money back.
 *   `membership.changed` tells the perks either way the plan changed.
 * - A refund is not refunded (400).
 */
import type { Membership, TransactionType } from '@kora/contracts';
import { violatedUniqueIndex } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { Wallet } from '../context.js';
import { alreadyRefunded, refundOfRefund, transactionNotFound } from '../errors.js';
import {
  afterRefund,
  emitMembershipChanged,
  membershipAnswer,
  membershipOf,
  removeMembership,
  saveMembership,
} from '../packages/membership.js';
import { lockBalance, postMovement } from './post-movement.js';

export interface Refunded {
  transactionId: number;
  userId: number;
  /** What the refund gives back: `top_up` (to the card) or `package_purchase` (to the wallet). */
  refunds: Exclude<TransactionType, 'refund'>;
  amountKobo: number;
  balanceKobo: number;
  /** The plan after the refund of a purchase that changed it: null when it ended, undefined when untouched. */
  membership?: Membership | null;
}

export async function refundMovement(w: Wallet, transactionId: number, actorId: number | null): Promise<Refunded> {
  const { ledgerTransactions, purchases } = w.tables;
  const [original] = await w.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
  if (!original) throw transactionNotFound();
  if (original.type === 'refund') throw refundOfRefund();
  const refunds = original.type;
  const userId = original.userId;
  try {
    return await w.ctx.transact(async (tx, emit) => {
      // Queue behind the wallet's other movements, then look for an earlier refund.
      await lockBalance(w, tx, userId);
      const [earlier] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.refundOf, transactionId));
      if (earlier) throw alreadyRefunded();
      const posted = await postMovement(w, tx, emit, {
        userId,
        type: 'refund',
        amountKobo: original.amountKobo,
        refundOf: { transactionId, type: refunds },
        actorId,
      });
      const result: Refunded = {
        transactionId: posted.transactionId,
        userId,
        refunds,
        amountKobo: original.amountKobo,
        balanceKobo: posted.balanceKobo,
      };
      if (refunds !== 'package_purchase') return result;

      const [purchase] = await tx.select().from(purchases).where(eq(purchases.transactionId, transactionId));
      const now = w.now();
      const effect = purchase ? afterRefund(await membershipOf(w, tx, userId), purchase, now) : ({ kind: 'unchanged' } as const);
      if (effect.kind === 'unchanged') return result;
      if (effect.kind === 'ended') await removeMembership(w, tx, userId);
      else await saveMembership(w, tx, userId, effect.membership, now);
      emitMembershipChanged(emit, userId, actorId, effect.membership);
      return { ...result, membership: effect.kind === 'ended' ? null : membershipAnswer(effect.membership) };
    });
  } catch (err) {
    if (violatedUniqueIndex(err) === 'ledger_transactions_refund_idx') throw alreadyRefunded();
    throw err;
  }
}
