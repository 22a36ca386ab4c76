/**
 * Reading one group: its row (locked for a write), a member's row in it, and the detail the caller
 * sees. Every membership write locks the group's row first, so writes to one group take turns:
 * its member count, its privacy and its roles are never decided on a stale read.
 */
import type { GroupDetail } from '@kora/contracts';
import type { DbOrTx, Tx } from '@kora/platform/service';
import { and, count, eq } from 'drizzle-orm';
import type { Groups } from '../context.js';
import type { GroupRow, MembershipRow } from '../db/schema.js';
import { groupNotFound } from '../errors.js';
import { isReviewer } from '../rules/roles.js';
import { toGroupDetail } from './view.js';

export async function findGroup(db: DbOrTx, groups: Groups, groupId: number): Promise<GroupRow> {
  const g = groups.tables.groups;
  const [group] = await db.select().from(g).where(eq(g.id, groupId));
  if (!group) throw groupNotFound();
  return group;
}

/** The group's row, locked until the transaction ends (a concurrent delete waits, a join too). */
export async function lockGroup(tx: Tx, groups: Groups, groupId: number): Promise<GroupRow> {
  const g = groups.tables.groups;
  const [group] = await tx.select().from(g).where(eq(g.id, groupId)).for('no key update');
  if (!group) throw groupNotFound();
  return group;
}

export async function membershipOf(db: DbOrTx, groups: Groups, groupId: number, userId: number): Promise<MembershipRow | null> {
  const m = groups.tables.memberships;
  const [row] = await db
    .select()
    .from(m)
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)));
  return row ?? null;
}

export async function pendingCount(db: DbOrTx, groups: Groups, groupId: number): Promise<number> {
  const m = groups.tables.memberships;
  const [row] = await db
    .select({ n: count() })
    .from(m)
    .where(and(eq(m.groupId, groupId), eq(m.status, 'pending')));
  return row?.n ?? 0;
}

/** The group page's header as `callerId` sees it; the waiting requests are counted for reviewers only. */
export async function groupDetailFor(db: DbOrTx, groups: Groups, groupId: number, callerId: number): Promise<GroupDetail> {
  const group = await findGroup(db, groups, groupId);
  const membership = await membershipOf(db, groups, groupId, callerId);
  return toGroupDetail(group, membership, isReviewer(membership) ? await pendingCount(db, groups, groupId) : 0);
}
