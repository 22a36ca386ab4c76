/**
 * Ending a friendship: both directions go in one statement, and `friendship.removed` (the caller as
 * `fromUserId`) in the same transaction. Not friends (or already removed by a concurrent unfriend
 * from either side): 404 "You are not friends with this member".
 */
import { friendPairKey } from '@kora/contracts';
import { and, eq, or } from 'drizzle-orm';
import type { Friends } from '../context.js';
import { notFriends } from '../errors.js';

export async function unfriend(friends: Friends, memberId: number, friendId: number): Promise<void> {
  const f = friends.tables.friendships;
  await friends.ctx.transact(async (tx, emit) => {
    const removed = await tx
      .delete(f)
      .where(or(and(eq(f.userId, memberId), eq(f.friendId, friendId)), and(eq(f.userId, friendId), eq(f.friendId, memberId))))
      .returning({ userId: f.userId });
    if (removed.length === 0) throw notFriends();
    emit({
      type: 'friendship.removed',
      aggregateId: friendPairKey(memberId, friendId),
      actorId: memberId,
      payload: { fromUserId: memberId, toUserId: friendId },
    });
  });
}
