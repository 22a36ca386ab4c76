/**
 * The caller's relation to one member, for the profile's friend button: self, friends, requested
 * (the caller's request is pending), incoming (theirs is pending), or none. Any id answers (a
 * member we do not know is simply `none`: the profile page has its own 404 from auth, and sending
 * a request to them answers 404 "User not found").
 */
import type { Relation } from '@kora/contracts';
import type { Friends } from '../context.js';
import { areFriends, pendingBetween } from '../requests/pair.js';

export async function relationTo(friends: Friends, memberId: number, userId: number): Promise<Relation> {
  const { db } = friends.ctx;
  if (userId === memberId) return { userId, status: 'self', requestId: null };
  if (await areFriends(db, friends.tables, memberId, userId)) return { userId, status: 'friends', requestId: null };
  const pending = await pendingBetween(db, friends.tables, memberId, userId);
  if (!pending) return { userId, status: 'none', requestId: null };
  return { userId, status: pending.fromUserId === memberId ? 'requested' : 'incoming', requestId: pending.id };
}
