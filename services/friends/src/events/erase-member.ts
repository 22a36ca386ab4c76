/**
 * A member's account was erased (`user.deleted`, decision 034): their friendships (both
 * directions), every request they sent or received, their snapshot and privacy rows go. No
 * `friendship.removed` per friend: every service that keeps a friend graph gets the same
 * `user.deleted` and drops the member's edges itself. Replaying finds nothing left to do.
 */
import type { EventPayload } from '@kora/contracts';
import { deleteMemberRows, forgetPublishedEvents, memberNames, type Tx } from '@kora/platform/service';
import type { Friends } from '../context.js';

export async function eraseFriendsMember(friends: Friends, tx: Tx, event: { payload: EventPayload<'user.deleted'> }): Promise<void> {
  const { userId } = event.payload;
  const { requests, friendships, members, privacy, blocks } = friends.tables;
  const names = await memberNames(tx, members, userId);
  await deleteMemberRows(tx, userId, [
    friendships.userId,
    friendships.friendId,
    requests.fromUserId,
    requests.toUserId,
    members.userId,
    privacy.userId,
    blocks.blockerId,
    blocks.blockedId,
  ]);
  await forgetPublishedEvents(tx, friends.ctx.schema, userId, names);
}
