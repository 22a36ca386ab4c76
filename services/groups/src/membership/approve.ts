/**
 * Answering join requests (owner and admins). Approving turns the pending row into a member
 * (`group.join-approved`, then `group.member-joined`); declining removes it (`group.join-declined`).
 * The row changes only `where status = 'pending'`, so two reviewers approving the same request at
 * once count the member once: the second finds no pending row and answers 404.
 */
import type { GroupDetail } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Groups } from '../context.js';
import type { GroupRow } from '../db/schema.js';
import { noRequest } from '../errors.js';
import { groupDetailFor, lockGroup, membershipOf } from '../groups/find.js';
import { requireReviewer } from '../rules/roles.js';
import { addToCount } from './count.js';

export async function approveRequest(groups: Groups, reviewerId: number, groupId: number, userId: number): Promise<GroupDetail> {
  return groups.ctx.transact(async (tx, emit) => {
    const group = await lockGroup(tx, groups, groupId);
    requireReviewer(await membershipOf(tx, groups, groupId, reviewerId));
    const approved = await approvePending(tx, emit, groups, group, reviewerId, eq(groups.tables.memberships.userId, userId));
    if (approved === 0) throw noRequest();
    return groupDetailFor(tx, groups, groupId, reviewerId);
  });
}

export async function declineRequest(groups: Groups, reviewerId: number, groupId: number, userId: number): Promise<GroupDetail> {
  const m = groups.tables.memberships;
  return groups.ctx.transact(async (tx, emit) => {
    await lockGroup(tx, groups, groupId);
    requireReviewer(await membershipOf(tx, groups, groupId, reviewerId));
    const [declined] = await tx
      .delete(m)
      .where(and(eq(m.groupId, groupId), eq(m.userId, userId), eq(m.status, 'pending')))
      .returning();
    if (!declined) throw noRequest();
    emit({ type: 'group.join-declined', aggregateId: groupId, actorId: reviewerId, payload: { groupId, userId, declinedBy: reviewerId } });
    return groupDetailFor(tx, groups, groupId, reviewerId);
  });
}

/** A private group made public lets every waiting request in (manage.ts says why). */
export async function approveAllPending(tx: Tx, emit: Emit, groups: Groups, group: GroupRow, approvedBy: number): Promise<number> {
  return approvePending(tx, emit, groups, group, approvedBy);
}

/** Approves the group's pending rows (those `which` selects, or all), counts and announces them. */
async function approvePending(tx: Tx, emit: Emit, groups: Groups, group: GroupRow, approvedBy: number, which?: SQL): Promise<number> {
  const m = groups.tables.memberships;
  const approved = await tx
    .update(m)
    .set({ status: 'approved', role: 'member', joinedAt: sql`now()` })
    .where(and(eq(m.groupId, group.id), eq(m.status, 'pending'), which))
    .returning({ userId: m.userId });
  await addToCount(tx, groups, group.id, approved.length);
  for (const { userId } of approved) {
    emit({
      type: 'group.join-approved',
      aggregateId: group.id,
      actorId: approvedBy,
      payload: { groupId: group.id, userId, groupTitle: group.title, approvedBy },
    });
    emit({
      type: 'group.member-joined',
      aggregateId: group.id,
      actorId: approvedBy,
      payload: { groupId: group.id, userId, role: 'member' },
    });
  }
  return approved.length;
}
