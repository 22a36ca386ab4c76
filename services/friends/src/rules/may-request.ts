/**
 * Who may send a friend request to whom: the one place the privacy setting "friend request policy"
 * is enforced. The member's policy comes from this service's privacy projection (fed by
 * `settings.privacy-changed`; no row = the default, everyone):
 * - `everyone`: any activated member may ask;
 * - `friends_of_friends`: only a member who shares at least one friend with them.
 * The friends service owns the graph, so "shares a friend" is read from its own friendships table
 * (one probe of the primary key per friend of the sender, stopped at the first match).
 *
 * Answering a request the other member already sent is not a new request, so it never asks this
 * rule (see requests/send.ts). The relation endpoint asks it too, so the profile's button can say
 * why before anyone clicks.
 */
import { privacyOf, rowsOf, type DbOrTx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { FriendsTables } from '../db/schema.js';

export interface RequestIntent {
  fromUserId: number;
  toUserId: number;
}

/** Why a request would be refused; null when it may be sent. */
export type RequestRefusal = 'friends_of_friends' | null;

export async function mayRequest(db: DbOrTx, tables: FriendsTables, intent: RequestIntent): Promise<RequestRefusal> {
  const { friendRequestPolicy } = await privacyOf(db, tables.privacy, intent.toUserId);
  if (friendRequestPolicy === 'everyone') return null;
  return (await haveMutualFriend(db, tables, intent.fromUserId, intent.toUserId)) ? null : 'friends_of_friends';
}

async function haveMutualFriend(db: DbOrTx, tables: FriendsTables, a: number, b: number): Promise<boolean> {
  const f = tables.friendships;
  const result = await db.execute(sql`
    select 1 from ${f} as mine
    join ${f} as theirs on theirs.user_id = ${sql`${b}::bigint`} and theirs.friend_id = mine.friend_id
    where mine.user_id = ${sql`${a}::bigint`}
    limit 1`);
  return rowsOf(result).length > 0;
}
