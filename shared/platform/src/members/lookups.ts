/** Reading the member snapshot: one member's row, or how many members show, in one query. */
import { unknownMember } from '@kora/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import type { MemberRow, MemberSnapshotTable } from './table.js';

/** How a member shows next to what they did. */
export interface MemberView {
  username: string;
  displayName: string;
  profileImage: string;
  /** An active Pro plan: the verified badge (decision 023). */
  verified: boolean;
}

/** Whether a plan running until `proUntil` is active at `now` (a plan running out is no event). */
export function isVerified(proUntil: Date | null | undefined, now: Date): boolean {
  return proUntil != null && proUntil.getTime() > now.getTime();
}

/**
 * How a member the snapshot does not know yet shows (it lags their sign-up: events of different
 * topics are not ordered): contracts' `unknownMember`, the same look in every service.
 */
export function unknownMemberView(userId: number): MemberView {
  const unknown = unknownMember(userId);
  return { username: unknown.username, displayName: unknown.name, profileImage: unknown.profileImage, verified: false };
}

export async function findMember(db: DbOrTx, members: MemberSnapshotTable, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.userId, userId));
  return row;
}

/**
 * How each of `userIds` shows at `now` (the reader's clock: the badge goes when the plan runs out),
 * in one query; a member not known yet shows as `unknownMemberView`.
 */
export async function memberViews(
  db: DbOrTx,
  members: MemberSnapshotTable,
  userIds: number[],
  now: Date,
): Promise<(userId: number) => MemberView> {
  const unique = [...new Set(userIds)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({
            userId: members.userId,
            username: members.username,
            displayName: members.displayName,
            profileImage: members.profileImage,
            proUntil: members.proUntil,
          })
          .from(members)
          .where(inArray(members.userId, unique));
  const known = new Map(rows.map(({ userId, proUntil, ...view }) => [userId, { ...view, verified: isVerified(proUntil, now) }]));
  return (userId) => known.get(userId) ?? unknownMemberView(userId);
}
