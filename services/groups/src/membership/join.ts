/**
 * Joining and leaving (Join on a card; a joined, approved group can be left).
 * - join: a public group takes the caller at once (approved member, `group.member-joined`); a
 *   private one records a request (`group.join-requested`, naming the owner and admins who may
 *   answer it). Joining again, pending or member, changes nothing.
 * - leave: a member's row goes (`group.member-left`), a pending request is withdrawn
 *   (`group.join-withdrawn`); someone not in the group changes nothing; the owner must hand the
 *   group over first (409).
 * The member count moves only when a row really changed (`on conflict do nothing returning`,
 * `delete ... returning`), under the group's lock, so it always equals the approved rows.
 */
import type { GroupDetail } from '@kora/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Groups } from '../context.js';
import { ownerCannotLeave } from '../errors.js';
import { groupDetailFor, lockGroup, membershipOf } from '../groups/find.js';
import { addToCount } from './count.js';

export async function joinGroup(groups: Groups, userId: number, groupId: number): Promise<GroupDetail> {
  const m = groups.tables.memberships;
  return groups.ctx.transact(async (tx, emit) => {
    const group = await lockGroup(tx, groups, groupId);
    const open = group.privacy === 'public';
    const [added] = await tx
      .insert(m)
      .values({ groupId, userId, status: open ? 'approved' : 'pending', role: 'member', joinedAt: open ? sql`now()` : null })
      .onConflictDoNothing()
      .returning();
    if (added && open) {
      await addToCount(tx, groups, groupId, 1);
      emit({ type: 'group.member-joined', aggregateId: groupId, actorId: userId, payload: { groupId, userId, role: 'member' } });
    } else if (added) {
      const reviewers = await tx
        .select({ userId: m.userId })
        .from(m)
        .where(and(eq(m.groupId, groupId), eq(m.status, 'approved'), inArray(m.role, ['owner', 'admin'])));
      emit({
        type: 'group.join-requested',
        aggregateId: groupId,
        actorId: userId,
        payload: { groupId, userId, groupTitle: group.title, reviewerIds: reviewers.map((r) => r.userId) },
      });
    }
    return groupDetailFor(tx, groups, groupId, userId);
  });
}

export async function leaveGroup(groups: Groups, userId: number, groupId: number): Promise<GroupDetail> {
  const m = groups.tables.memberships;
  return groups.ctx.transact(async (tx, emit) => {
    await lockGroup(tx, groups, groupId);
    const membership = await membershipOf(tx, groups, groupId, userId);
    if (membership?.role === 'owner') throw ownerCannotLeave();
    const [removed] = await tx
      .delete(m)
      .where(and(eq(m.groupId, groupId), eq(m.userId, userId)))
      .returning();
    if (removed?.status === 'approved') {
      await addToCount(tx, groups, groupId, -1);
      emit({ type: 'group.member-left', aggregateId: groupId, actorId: userId, payload: { groupId, userId, removedBy: null } });
    } else if (removed) {
      emit({ type: 'group.join-withdrawn', aggregateId: groupId, actorId: userId, payload: { groupId, userId } });
    }
    return groupDetailFor(tx, groups, groupId, userId);
  });
}
