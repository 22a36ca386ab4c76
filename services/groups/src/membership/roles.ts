/**
 * Changing a member's role (owner only). `admin` and `member` change that member's role
 * (`group.role-changed`, only when it really changed). `owner` hands the group over: the member
 * becomes the owner, the former owner stays on as an admin, and the group's owner changes
 * (`group.role-changed` for both, then `group.updated` with the new owner). The owner's own role
 * changes only by handing the group over (409 otherwise), so a group always has one owner.
 */
import type { GroupDetail, GroupRole } from '@kora/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Groups } from '../context.js';
import { notAMember, ownerRoleFixed } from '../errors.js';
import { groupDetailFor, lockGroup, membershipOf } from '../groups/find.js';
import { groupState } from '../groups/view.js';
import { isApproved, requireOwner } from '../rules/roles.js';

export async function changeRole(
  groups: Groups,
  ownerId: number,
  groupId: number,
  userId: number,
  role: GroupRole,
): Promise<{ group: GroupDetail; handedOver: boolean }> {
  const { groups: g, memberships: m } = groups.tables;
  return groups.ctx.transact(async (tx, emit) => {
    const group = await lockGroup(tx, groups, groupId);
    requireOwner(group, ownerId);
    const target = await membershipOf(tx, groups, groupId, userId);
    if (!isApproved(target)) throw notAMember();
    const update = (who: number, to: GroupRole) =>
      tx
        .update(m)
        .set({ role: to })
        .where(and(eq(m.groupId, groupId), eq(m.userId, who)));
    const announce = (who: number, to: GroupRole) =>
      emit({ type: 'group.role-changed', aggregateId: groupId, actorId: ownerId, payload: { groupId, userId: who, role: to } });

    if (userId === ownerId) {
      if (role !== 'owner') throw ownerRoleFixed();
      return { group: await groupDetailFor(tx, groups, groupId, ownerId), handedOver: false };
    }
    if (role !== 'owner') {
      if (target.role !== role) {
        await update(userId, role);
        announce(userId, role);
      }
      return { group: await groupDetailFor(tx, groups, groupId, ownerId), handedOver: false };
    }
    await update(userId, 'owner');
    await update(ownerId, 'admin');
    const [handed] = await tx
      .update(g)
      .set({ ownerId: userId, updatedAt: sql`now()` })
      .where(eq(g.id, groupId))
      .returning();
    if (!handed) throw new Error('update of a locked group returned no row');
    announce(userId, 'owner');
    announce(ownerId, 'admin');
    emit({ type: 'group.updated', aggregateId: groupId, actorId: ownerId, payload: groupState(handed) });
    return { group: await groupDetailFor(tx, groups, groupId, ownerId), handedOver: true };
  });
}
