/**
 * The caller's relation to one member, for the profile's friend button: self, friends, requested
 * (the caller's request is pending), incoming (theirs is pending), or none. Any id answers (a
 * member we do not know is simply `none`: the profile page has its own 404 from auth, and sending
 * a request to them answers 404 "User not found").
 *
 * With `none`, the member's friend request policy is asked as a send would ask it, so the button
 * can show why a request would be refused (`canRequest: false` and the refusal's text) instead of
 * failing after a click. A block either way is such a refusal; when the caller is the blocker the
 * answer says `blocked: true`, so the profile offers Unblock (decision 036).
 */
import { safetyTexts, type Relation } from '@kora/contracts';
import { isBlockedBetween } from '@kora/platform/service';
import { and, eq } from 'drizzle-orm';
import type { Friends } from '../context.js';
import { refusalText } from '../errors.js';
import { areFriends, pendingBetween } from '../requests/pair.js';
import { mayRequest } from '../rules/may-request.js';

export async function relationTo(friends: Friends, memberId: number, userId: number): Promise<Relation> {
  const { db } = friends.ctx;
  const settled = { canRequest: false, reason: null };
  if (userId === memberId) return { userId, status: 'self', requestId: null, ...settled };
  const b = friends.tables.blocks;
  const [mine] = await db
    .select({ blockerId: b.blockerId })
    .from(b)
    .where(and(eq(b.blockerId, memberId), eq(b.blockedId, userId)));
  if (mine) return { userId, status: 'none', requestId: null, canRequest: false, reason: safetyTexts.requestBlocked, blocked: true };
  if (await isBlockedBetween(db, b, memberId, userId)) {
    return { userId, status: 'none', requestId: null, canRequest: false, reason: safetyTexts.requestBlocked };
  }
  if (await areFriends(db, friends.tables, memberId, userId)) return { userId, status: 'friends', requestId: null, ...settled };
  const pending = await pendingBetween(db, friends.tables, memberId, userId);
  if (pending) return { userId, status: pending.fromUserId === memberId ? 'requested' : 'incoming', requestId: pending.id, ...settled };
  const refusal = await mayRequest(db, friends.tables, { fromUserId: memberId, toUserId: userId });
  return { userId, status: 'none', requestId: null, canRequest: refusal === null, reason: refusal ? refusalText(refusal) : null };
}
