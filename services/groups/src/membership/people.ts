/**
 * A group's people: its members (owner, then admins, then by joining; `memberships_members_idx`)
 * and its join requests (oldest first; `memberships_requests_idx`), a keyset page at a time, with
 * names and avatars from the member snapshot; `membersSeenBy` and `requestsSeenBy` check who may read them.
 */
import type { GroupMember, GroupRequest } from '@kora/contracts';
import { decodeCursor, encodeCursor, memberViews, timeKeySql, type MemberView } from '@kora/platform/service';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Groups } from '../context.js';
import { findGroup, membershipOf } from '../groups/find.js';
import { requireMayListMembers, requireReviewer } from '../rules/roles.js';
import { cursorInvalid } from '../errors.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A member's view with `name` beside `displayName` (the same display name: `name` is every other list's field). */
function named(view: MemberView): MemberView & { name: string } {
  return { ...view, name: view.displayName };
}

export async function memberPage(groups: Groups, groupId: number, cursor: string | undefined, limit: number): Promise<Page<GroupMember>> {
  const m = groups.tables.memberships;
  // The same expression as the index, so the index gives the order.
  const rank = sql<number>`(case ${m.role} when 'owner' then 0 when 'admin' then 1 else 2 end)`;
  const after = decodeCursor(cursor, ['rank', 'time', 'id'], cursorInvalid);
  const rows = await groups.ctx.db
    .select({ userId: m.userId, role: m.role, joinedAt: m.joinedAt, rank, key: timeKeySql(m.joinedAt) })
    .from(m)
    .where(
      and(
        eq(m.groupId, groupId),
        eq(m.status, 'approved'),
        after ? sql`(${rank}, ${m.joinedAt}, ${m.userId}) > (${after[0]}, ${after[1]}::timestamptz, ${after[2]})` : undefined,
      ),
    )
    .orderBy(asc(rank), asc(m.joinedAt), asc(m.userId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const view = await memberViews(
    groups.ctx.db,
    groups.tables.members,
    page.map((r) => r.userId),
    new Date(),
  );
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      userId: r.userId,
      ...named(view(r.userId)),
      role: r.role,
      joinedAt: (r.joinedAt ?? new Date(0)).toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.rank, last.key, last.userId]) : null,
  };
}

export async function requestPage(groups: Groups, groupId: number, cursor: string | undefined, limit: number): Promise<Page<GroupRequest>> {
  const m = groups.tables.memberships;
  const after = decodeCursor(cursor, ['time', 'id'], cursorInvalid);
  const rows = await groups.ctx.db
    .select({ userId: m.userId, requestedAt: m.requestedAt, key: timeKeySql(m.requestedAt) })
    .from(m)
    .where(
      and(
        eq(m.groupId, groupId),
        eq(m.status, 'pending'),
        after ? sql`(${m.requestedAt}, ${m.userId}) > (${after[0]}::timestamptz, ${after[1]})` : undefined,
      ),
    )
    .orderBy(asc(m.requestedAt), asc(m.userId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const view = await memberViews(
    groups.ctx.db,
    groups.tables.members,
    page.map((r) => r.userId),
    new Date(),
  );
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({ userId: r.userId, ...named(view(r.userId)), requestedAt: r.requestedAt.toISOString() })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.key, last.userId]) : null,
  };
}

/** The members page, if `callerId` may see it: anyone for a public group, members for a private one. */
export async function membersSeenBy(
  groups: Groups,
  callerId: number,
  groupId: number,
  cursor: string | undefined,
  limit: number,
): Promise<Page<GroupMember>> {
  const group = await findGroup(groups.ctx.db, groups, groupId);
  requireMayListMembers(group, await membershipOf(groups.ctx.db, groups, groupId, callerId));
  return memberPage(groups, groupId, cursor, limit);
}

/** The join requests page, for the owner and admins only. */
export async function requestsSeenBy(
  groups: Groups,
  callerId: number,
  groupId: number,
  cursor: string | undefined,
  limit: number,
): Promise<Page<GroupRequest>> {
  await findGroup(groups.ctx.db, groups, groupId);
  requireReviewer(await membershipOf(groups.ctx.db, groups, groupId, callerId));
  return requestPage(groups, groupId, cursor, limit);
}
