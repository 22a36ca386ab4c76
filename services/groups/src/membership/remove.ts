/**
 * Removing a member (owner and admins): the owner removes anyone but themselves, an admin removes
 * plain members only (rules/roles.ts). The row goes, the count follows, `group.member-left` names
 * who removed them.
 */
import type { GroupDetail } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import type { Groups } from '../context.js';
import { notAMember } from '../errors.js';
import { groupDetailFor, lockGroup, membershipOf } from '../groups/find.js';
import { isApproved, requireMayRemove, requireReviewer } from '../rules/roles.js';
import { addToCount } from './count.js';

export async function removeMember(groups: Groups, actorId: number, groupId: number, userId: number): Promise<GroupDetail> {
  const m = groups.tables.memberships;
  return groups.ctx.transact(async (tx, emit) => {
    await lockGroup(tx, groups, groupId);
    const actor = await membershipOf(tx, groups, groupId, actorId);
    requireReviewer(actor);
    const target = await membershipOf(tx, groups, groupId, userId);
    if (!isApproved(target)) throw notAMember();
    requireMayRemove(actor, target);
    await tx.delete(m).where(and(eq(m.groupId, groupId), eq(m.userId, userId)));
    await addToCount(tx, groups, groupId, -1);
    emit({ type: 'group.member-left', aggregateId: groupId, actorId, payload: { groupId, userId, removedBy: actorId } });
    return groupDetailFor(tx, groups, groupId, actorId);
  });
}
