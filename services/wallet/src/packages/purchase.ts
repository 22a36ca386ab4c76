/**
 * Buying a Pro plan from the wallet (decision 023, "Ledger and packages"): in ONE database
 * transaction the wallet is debited (`postMovement`, 402 and nothing written when short), the plan
 * is started or extended, the purchase is recorded with the answer it gave, and `membership.changed`
 * is written to the outbox.
 *
 * An `Idempotency-Key` makes a retry a no-op: the member's balance row is locked first, so two
 * purchases of one member queue; the second then finds the first's purchase row and answers it
 * (200, nothing moves). The unique index `purchases_idempotency_idx` backs that up: should two
 * ever get past the look-up together, the loser's transaction fails on the index and it answers the
 * winner's row. The same key for another package is a 409.
 */
import { koboToNaira, nairaToKobo, packagePlan, type PackagePlan, type purchaseAnswer } from '@kora/contracts';
import { violatedUniqueIndex, type DbOrTx } from '@kora/platform/service';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Wallet } from '../context.js';
import { idempotencyKeyReused, packageNotFound } from '../errors.js';
import { lockBalance, postMovement } from '../ledger/post-movement.js';
import { assertPaymentsOn } from '../ledger/payments-switch.js';
import { afterPurchase, emitMembershipChanged, membershipAnswer, membershipOf, saveMembership } from './membership.js';

export type PurchaseAnswer = z.infer<typeof purchaseAnswer>;

type PurchaseRow = Wallet['tables']['purchases']['$inferSelect'];

function answerOf(row: PurchaseRow): PurchaseAnswer {
  return {
    transactionId: row.transactionId,
    membership: membershipAnswer({
      packageId: row.packageId,
      startedAt: row.startedAt,
      activeUntil: row.activeUntil,
      boostPosts: row.boostPosts,
    }),
    balance: koboToNaira(row.balanceAfterKobo),
  };
}

/** The member's earlier purchase with this key, answered again; a 409 when it bought another package. */
async function replayed(w: Wallet, db: DbOrTx, userId: number, key: string, plan: PackagePlan): Promise<PurchaseAnswer | null> {
  const { purchases } = w.tables;
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.idempotencyKey, key)));
  if (!row) return null;
  if (row.packageId !== plan.id) throw idempotencyKeyReused();
  return answerOf(row);
}

export async function purchasePackage(
  w: Wallet,
  userId: number,
  packageId: string,
  idempotencyKey: string | null,
): Promise<PurchaseAnswer> {
  const plan = packagePlan(packageId);
  if (!plan) throw packageNotFound();
  assertPaymentsOn(w);
  const { purchases } = w.tables;
  try {
    return await w.ctx.transact(async (tx, emit) => {
      // Queue behind any other movement of this wallet before looking for the key.
      await lockBalance(w, tx, userId);
      if (idempotencyKey) {
        const earlier = await replayed(w, tx, userId, idempotencyKey, plan);
        if (earlier) return earlier;
      }
      const now = w.now();
      const posted = await postMovement(w, tx, emit, {
        userId,
        type: 'package_purchase',
        amountKobo: nairaToKobo(plan.price),
        packageId: plan.id,
        actorId: userId,
      });
      const membership = afterPurchase(await membershipOf(w, tx, userId), plan, now);
      await saveMembership(w, tx, userId, membership, now);
      const [row] = await tx
        .insert(purchases)
        .values({
          userId,
          packageId: plan.id,
          transactionId: posted.transactionId,
          idempotencyKey,
          startedAt: membership.startedAt,
          activeUntil: membership.activeUntil,
          boostPosts: membership.boostPosts,
          balanceAfterKobo: posted.balanceKobo,
          createdAt: now,
        })
        .returning();
      emitMembershipChanged(emit, userId, userId, membership);
      return answerOf(row!);
    });
  } catch (err) {
    if (idempotencyKey && violatedUniqueIndex(err) === 'purchases_idempotency_idx') {
      const earlier = await replayed(w, w.ctx.db, userId, idempotencyKey, plan);
      if (earlier) return earlier;
    }
    throw err;
  }
}
