/** A friend request as the API answers it (status 0 while pending, then the answer). */
import type { FriendRequest } from '@kora/contracts';
import { memberViews, type DbOrTx, type MemberView } from '@kora/platform/service';
import type { FriendsTables, RequestRow } from '../db/schema.js';

export function toRequestView(row: RequestRow, member: (userId: number) => MemberView): FriendRequest {
  const from = member(row.fromUserId);
  const to = member(row.toUserId);
  return {
    id: row.id,
    fromUserId: row.fromUserId,
    fromUsername: from.username,
    fromName: from.displayName,
    fromProfileImage: from.profileImage,
    toUserId: row.toUserId,
    toUsername: to.username,
    toName: to.displayName,
    toProfileImage: to.profileImage,
    status: row.status === 'pending' ? 0 : row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function requestViews(db: DbOrTx, tables: FriendsTables, rows: RequestRow[]): Promise<FriendRequest[]> {
  const member = await memberViews(
    db,
    tables.members,
    rows.flatMap((r) => [r.fromUserId, r.toUserId]),
    // A request shows no badge (friendRequestSchema), so whose clock reads the plan does not matter.
    new Date(),
  );
  return rows.map((r) => toRequestView(r, member));
}
