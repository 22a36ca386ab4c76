/** Reading the member projection: one member, or the names and avatars of many at once. */
import type { DbOrTx } from '@kora/platform';
import { eq, inArray } from 'drizzle-orm';
import type { FriendsTables, MemberRow } from '../db/schema.js';
import { fallbackMember } from './members.js';

export interface MemberView {
  username: string;
  profileImage: string;
}

export async function findMember(db: DbOrTx, tables: FriendsTables, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(tables.members).where(eq(tables.members.userId, userId));
  return row;
}

/** Names and avatars by id; a member the projection does not know shows the fallback. */
export async function memberViews(db: DbOrTx, tables: FriendsTables, ids: number[]): Promise<(userId: number) => MemberView> {
  const unique = [...new Set(ids)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({ userId: tables.members.userId, username: tables.members.username, profileImage: tables.members.profileImage })
          .from(tables.members)
          .where(inArray(tables.members.userId, unique));
  const known = new Map(rows.map((r) => [r.userId, { username: r.username, profileImage: r.profileImage }]));
  return (userId) => known.get(userId) ?? fallbackMember(userId);
}
