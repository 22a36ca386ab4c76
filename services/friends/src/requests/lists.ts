/** The caller's pending requests: received (Friend Requests section) and sent; newest first. */
import type { FriendRequest } from '@kora/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Friends } from '../context.js';
import { requestViews } from './view.js';

/** The member's pending requests on one side (`toUserId`: received, `fromUserId`: sent). */
async function pendingRequests(friends: Friends, side: 'toUserId' | 'fromUserId', memberId: number): Promise<FriendRequest[]> {
  const r = friends.tables.requests;
  const rows = await friends.ctx.db
    .select()
    .from(r)
    .where(and(eq(r[side], memberId), eq(r.status, 'pending')))
    .orderBy(desc(r.createdAt), desc(r.id));
  return requestViews(friends.ctx.db, friends.tables, rows);
}

export function incomingRequests(friends: Friends, memberId: number): Promise<FriendRequest[]> {
  return pendingRequests(friends, 'toUserId', memberId);
}

export function outgoingRequests(friends: Friends, memberId: number): Promise<FriendRequest[]> {
  return pendingRequests(friends, 'fromUserId', memberId);
}
