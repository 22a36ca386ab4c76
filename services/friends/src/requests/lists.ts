/** The caller's pending requests: received (Friend Requests section) and sent; newest first. */
import type { FriendRequest } from '@kora/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Friends } from '../context.js';
import { requestViews } from './view.js';

export async function incomingRequests(friends: Friends, memberId: number): Promise<FriendRequest[]> {
  const r = friends.tables.requests;
  const rows = await friends.ctx.db
    .select()
    .from(r)
    .where(and(eq(r.toUserId, memberId), eq(r.status, 'pending')))
    .orderBy(desc(r.createdAt), desc(r.id));
  return requestViews(friends.ctx.db, friends.tables, rows);
}

export async function outgoingRequests(friends: Friends, memberId: number): Promise<FriendRequest[]> {
  const r = friends.tables.requests;
  const rows = await friends.ctx.db
    .select()
    .from(r)
    .where(and(eq(r.fromUserId, memberId), eq(r.status, 'pending')))
    .orderBy(desc(r.createdAt), desc(r.id));
  return requestViews(friends.ctx.db, friends.tables, rows);
}
