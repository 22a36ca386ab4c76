/**
 * A member's Pro plan (decision 023, "Ledger and packages"): what a purchase or a refund makes of
 * it (pure arithmetic, tested on its own), how it is read and stored, and how it is answered.
 *
 * - A purchase while the plan is active extends the run: `activeUntil` moves by the plan's days,
 *   the plan's boosts are added, `startedAt` stays (boosts are counted from it).
 * - A purchase with no plan, or after it ran out, starts a new run now.
 * - The plan named is the one bought last; the run's length and boosts are the sum of its purchases.
 * - A plan is active while `now < activeUntil`; running out is no event (readers compare clocks).
 * - Days are whole 24-hour days (a plan bought at 09:30 ends at 09:30), whatever the calendar.
 */
import { packagePlan, type Membership, type PackageId, type PackagePlan } from '@kora/contracts';
import type { DbOrTx, Emit } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { Wallet } from '../context.js';

export const DAY_MS = 86_400_000;

export interface MembershipState {
  packageId: PackageId;
  startedAt: Date;
  activeUntil: Date;
  boostPosts: number;
}

export const isActive = (m: MembershipState | null, now: Date): m is MembershipState =>
  m !== null && m.activeUntil.getTime() > now.getTime();

export function afterPurchase(current: MembershipState | null, plan: PackagePlan, now: Date): MembershipState {
  const length = plan.durationDays * DAY_MS;
  if (isActive(current, now)) {
    return {
      packageId: plan.id,
      startedAt: current.startedAt,
      activeUntil: new Date(current.activeUntil.getTime() + length),
      boostPosts: current.boostPosts + plan.boostPosts,
    };
  }
  return { packageId: plan.id, startedAt: now, activeUntil: new Date(now.getTime() + length), boostPosts: plan.boostPosts };
}

/** A purchase as its row remembers it: the package and the start of the run it was part of. */
export interface PurchaseOfRun {
  packageId: PackageId;
  startedAt: Date;
}

/**
 * The plan after a purchase is refunded:
 * - `unchanged` when the purchase's run is over (it ran out, or a new run has started since): the
 *   member had what they paid for, the money alone goes back;
 * - `shortened` when its run is current and still active once the purchase's days and boosts are
 *   taken off the end (the run's length is the sum of its purchases, so which one is refunded does
 *   not matter);
 * - `ended` when nothing of the run is left: it ends now (`activeUntil` = now, no boosts left).
 */
export type RefundEffect =
  { kind: 'unchanged' } | { kind: 'shortened'; membership: MembershipState } | { kind: 'ended'; membership: MembershipState };

export function afterRefund(current: MembershipState | null, purchase: PurchaseOfRun, now: Date): RefundEffect {
  if (!isActive(current, now) || current.startedAt.getTime() !== purchase.startedAt.getTime()) return { kind: 'unchanged' };
  const plan = packagePlan(purchase.packageId)!;
  const activeUntil = new Date(current.activeUntil.getTime() - plan.durationDays * DAY_MS);
  if (activeUntil.getTime() <= now.getTime()) return { kind: 'ended', membership: { ...current, activeUntil: now, boostPosts: 0 } };
  return { kind: 'shortened', membership: { ...current, activeUntil, boostPosts: Math.max(0, current.boostPosts - plan.boostPosts) } };
}

export async function membershipOf(w: Wallet, db: DbOrTx, userId: number): Promise<MembershipState | null> {
  const { memberships } = w.tables;
  const [row] = await db.select().from(memberships).where(eq(memberships.userId, userId));
  return row ? { packageId: row.packageId, startedAt: row.startedAt, activeUntil: row.activeUntil, boostPosts: row.boostPosts } : null;
}

export async function saveMembership(w: Wallet, tx: DbOrTx, userId: number, m: MembershipState, now: Date): Promise<void> {
  const { memberships } = w.tables;
  const values = { packageId: m.packageId, startedAt: m.startedAt, activeUntil: m.activeUntil, boostPosts: m.boostPosts, updatedAt: now };
  await tx
    .insert(memberships)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: memberships.userId, set: values });
}

/** An ended run leaves no row: no row and a run out are the same "no plan" (and `active_until > started_at` holds). */
export async function removeMembership(w: Wallet, tx: DbOrTx, userId: number): Promise<void> {
  const { memberships } = w.tables;
  await tx.delete(memberships).where(eq(memberships.userId, userId));
}

export function membershipAnswer(m: MembershipState): Membership {
  return {
    packageId: m.packageId,
    startedAt: m.startedAt.toISOString(),
    activeUntil: m.activeUntil.toISOString(),
    boostPosts: m.boostPosts,
  };
}

/** `membership.changed` (compacted, keyed by the member): the plan now, as the perks read it. */
export function emitMembershipChanged(emit: Emit, userId: number, actorId: number | null, m: MembershipState): void {
  emit({ type: 'membership.changed', aggregateId: userId, actorId, payload: { userId, ...membershipAnswer(m) } });
}
