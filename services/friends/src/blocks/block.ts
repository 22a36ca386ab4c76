/**
 * Blocking and unblocking (decision 036). In the block's one transaction, under the pair's lock:
 * the friendship ends both ways (`friendship.removed`, the blocker as `fromUserId`), every pending
 * request between the two is closed (declined when the blocker received it, cancelled when they sent
 * it, with its event), then the block is stored and `member.blocked` announced, so every projection
 * sees the ends before the block. Group roles are left alone. Blocking again changes nothing (200).
 */
import { friendPairKey, MAX_BLOCKS } from '@kora/contracts';
import { findMember, type Emit, type Tx } from '@kora/platform/service';
import { and, count, eq, or, sql } from 'drizzle-orm';
import type { Friends } from '../context.js';
import { notBlocked, notYourselfBlock, tooManyBlocks, userNotFound } from '../errors.js';
import { lockPair } from './pair-lock.js';

export interface BlockOutcome {
  /** True when this call made the block (201), false when it was already there (200). */
  created: boolean;
}

export async function blockMember(friends: Friends, blockerId: number, blockedId: number): Promise<BlockOutcome> {
  const { ctx, tables } = friends;
  if (blockerId === blockedId) throw notYourselfBlock();
  if (!(await findMember(ctx.db, tables.members, blockedId))) throw userNotFound();
  const b = tables.blocks;
  return ctx.transact(async (tx, emit) => {
    await lockPair(tx, ctx.schema, blockerId, blockedId);
    const [existing] = await tx
      .select({ blockerId: b.blockerId })
      .from(b)
      .where(and(eq(b.blockerId, blockerId), eq(b.blockedId, blockedId)));
    if (existing) return { created: false };
    const [mine] = await tx.select({ n: count() }).from(b).where(eq(b.blockerId, blockerId));
    if ((mine?.n ?? 0) >= MAX_BLOCKS) throw tooManyBlocks();
    await endFriendship(friends, tx, emit, blockerId, blockedId);
    await closePendingRequests(friends, tx, emit, blockerId, blockedId);
    await tx.insert(b).values({ blockerId, blockedId, createdAt: friends.now() });
    emit({
      type: 'member.blocked',
      aggregateId: friendPairKey(blockerId, blockedId),
      actorId: blockerId,
      payload: { blockerId, blockedId },
    });
    return { created: true };
  });
}

export async function unblockMember(friends: Friends, blockerId: number, blockedId: number): Promise<void> {
  const { ctx, tables } = friends;
  const b = tables.blocks;
  await ctx.transact(async (tx, emit) => {
    await lockPair(tx, ctx.schema, blockerId, blockedId);
    const removed = await tx
      .delete(b)
      .where(and(eq(b.blockerId, blockerId), eq(b.blockedId, blockedId)))
      .returning({ blockerId: b.blockerId });
    if (removed.length === 0) throw notBlocked();
    emit({
      type: 'member.unblocked',
      aggregateId: friendPairKey(blockerId, blockedId),
      actorId: blockerId,
      payload: { blockerId, blockedId },
    });
  });
}

async function endFriendship(friends: Friends, tx: Tx, emit: Emit, blockerId: number, blockedId: number): Promise<void> {
  const f = friends.tables.friendships;
  // A statement of its own: under read committed it sees a friendship an accept committed while we waited.
  const removed = await tx
    .delete(f)
    .where(or(and(eq(f.userId, blockerId), eq(f.friendId, blockedId)), and(eq(f.userId, blockedId), eq(f.friendId, blockerId))))
    .returning({ userId: f.userId });
  if (removed.length === 0) return;
  emit({
    type: 'friendship.removed',
    aggregateId: friendPairKey(blockerId, blockedId),
    actorId: blockerId,
    payload: { fromUserId: blockerId, toUserId: blockedId },
  });
}

async function closePendingRequests(friends: Friends, tx: Tx, emit: Emit, blockerId: number, blockedId: number): Promise<void> {
  const r = friends.tables.requests;
  // The update locks each pending row, so an accept in flight finishes first and its row is no longer pending.
  const closed = await tx
    .update(r)
    .set({ status: sql`case when ${r.toUserId} = ${blockerId} then 'declined' else 'cancelled' end`, answeredAt: friends.now() })
    .where(
      and(
        eq(r.status, 'pending'),
        or(and(eq(r.fromUserId, blockerId), eq(r.toUserId, blockedId)), and(eq(r.fromUserId, blockedId), eq(r.toUserId, blockerId))),
      ),
    )
    .returning();
  for (const request of closed) {
    const declined = request.status === 'declined';
    emit({
      type: declined ? 'friend-request.declined' : 'friend-request.cancelled',
      aggregateId: friendPairKey(request.fromUserId, request.toUserId),
      actorId: blockerId,
      payload: { fromUserId: request.fromUserId, toUserId: request.toUserId, requestId: request.id },
    });
  }
}
