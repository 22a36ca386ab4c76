/**
 * What one pair of members has between them, read inside the transaction that changes it, and
 * the one way a request becomes a friendship (answering it, or sending one back).
 */
import { friendPairKey } from '@kora/contracts';
import type { DbOrTx, Emit, Tx } from '@kora/platform/service';
import { and, eq, or } from 'drizzle-orm';
import type { Friends } from '../context.js';
import type { FriendsTables, RequestRow } from '../db/schema.js';

export async function areFriends(db: DbOrTx, tables: FriendsTables, a: number, b: number): Promise<boolean> {
  const f = tables.friendships;
  const rows = await db
    .select({ userId: f.userId })
    .from(f)
    .where(and(eq(f.userId, a), eq(f.friendId, b)));
  return rows.length > 0;
}

/**
 * The pending request between `a` and `b`, either direction (there is at most one). With `lock`,
 * the row is locked for the rest of the transaction; a concurrent answer is waited for, and a
 * request it answered is no longer returned.
 */
export async function pendingBetween(
  db: DbOrTx,
  tables: FriendsTables,
  a: number,
  b: number,
  lock = false,
): Promise<RequestRow | undefined> {
  const r = tables.requests;
  const query = db
    .select()
    .from(r)
    .where(and(eq(r.status, 'pending'), or(and(eq(r.fromUserId, a), eq(r.toUserId, b)), and(eq(r.fromUserId, b), eq(r.toUserId, a)))));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Gives a still-pending request its answer (`status`, answered at `now`); answers the updated row,
 * or undefined when it was no longer pending.
 */
export async function answerIfPending(
  friends: Friends,
  tx: Tx,
  requestId: number,
  status: Exclude<RequestRow['status'], 'pending'>,
  now = friends.now(),
): Promise<RequestRow | undefined> {
  const r = friends.tables.requests;
  const [row] = await tx
    .update(r)
    .set({ status, answeredAt: now })
    .where(and(eq(r.id, requestId), eq(r.status, 'pending')))
    .returning();
  return row;
}

/**
 * Accepts a pending request: marks it accepted, stores the friendship both ways and announces it,
 * all in the caller's transaction. Answers the updated request, or null when it was no longer
 * pending (answered or taken back in the meantime).
 */
export async function acceptPending(
  friends: Friends,
  tx: Tx,
  emit: Emit,
  request: RequestRow,
  actorId: number,
): Promise<RequestRow | null> {
  const now = friends.now();
  const accepted = await answerIfPending(friends, tx, request.id, 'accepted', now);
  if (!accepted) return null;
  const { fromUserId, toUserId } = accepted;
  await tx
    .insert(friends.tables.friendships)
    .values([
      { userId: fromUserId, friendId: toUserId, requestId: accepted.id, createdAt: now },
      { userId: toUserId, friendId: fromUserId, requestId: accepted.id, createdAt: now },
    ])
    .onConflictDoNothing();
  emit({
    type: 'friend-request.accepted',
    aggregateId: friendPairKey(fromUserId, toUserId),
    actorId,
    payload: { fromUserId, toUserId, requestId: accepted.id },
  });
  return accepted;
}
