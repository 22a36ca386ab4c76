/** Reading the friend-graph projection. */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import type { ViewerRelation } from '../privacy/lookups.js';
import type { FriendshipsTable } from './table.js';

export async function areFriends(db: DbOrTx, friendships: FriendshipsTable, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const rows = await db
    .select({ userId: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)))
    .limit(1);
  return rows.length > 0;
}

/** How `viewerId` (null: anonymous) stands to `memberId`, for `audienceAllows`. */
export async function relationTo(
  db: DbOrTx,
  friendships: FriendshipsTable,
  viewerId: number | null,
  memberId: number,
): Promise<ViewerRelation> {
  if (viewerId === null) return 'stranger';
  if (viewerId === memberId) return 'self';
  return (await areFriends(db, friendships, viewerId, memberId)) ? 'friend' : 'stranger';
}
