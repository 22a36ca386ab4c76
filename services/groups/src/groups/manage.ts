/**
 * Creating, editing and deleting a group. Each write and its events are one transaction.
 * - create: the caller is the owner, its one approved member (`group.created`, then
 *   `group.member-joined` with role owner);
 * - update (owner): the fields given change (`group.updated`, the complete state). A private group
 *   made public lets its waiting requests in, as Facebook does: nobody joining a public group waits,
 *   so a request made while it was private must not wait either (`join-approved` + `member-joined`);
 * - delete (owner): the memberships go with it (`group.deleted`; no `member-left` per member).
 */
import type { CreateGroupBody, GroupDetail, UpdateGroupBody } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Groups } from '../context.js';
import { approveAllPending } from '../membership/approve.js';
import { requireOwner } from '../rules/roles.js';
import { groupDetailFor, lockGroup } from './find.js';
import { groupState } from './view.js';

export async function createGroup(groups: Groups, userId: number, body: CreateGroupBody): Promise<GroupDetail> {
  const { groups: g, memberships: m } = groups.tables;
  return groups.ctx.transact(async (tx, emit) => {
    const [group] = await tx
      .insert(g)
      .values({
        ownerId: userId,
        title: body.title,
        description: body.description,
        picture: body.picture,
        privacy: body.privacy,
        memberCount: 1,
      })
      .returning();
    if (!group) throw new Error('insert into groups returned no row');
    await tx
      .insert(m)
      .values({ groupId: group.id, userId, status: 'approved', role: 'owner', requestedAt: group.createdAt, joinedAt: group.createdAt });
    emit({ type: 'group.created', aggregateId: group.id, actorId: userId, payload: groupState(group) });
    emit({ type: 'group.member-joined', aggregateId: group.id, actorId: userId, payload: { groupId: group.id, userId, role: 'owner' } });
    return groupDetailFor(tx, groups, group.id, userId);
  });
}

export async function updateGroup(groups: Groups, userId: number, groupId: number, changes: UpdateGroupBody): Promise<GroupDetail> {
  const g = groups.tables.groups;
  return groups.ctx.transact(async (tx, emit) => {
    const before = await lockGroup(tx, groups, groupId);
    requireOwner(before, userId);
    const [group] = await tx
      .update(g)
      // Drizzle leaves a field out of the update when it is undefined: absent fields keep their value.
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(g.id, groupId))
      .returning();
    if (!group) throw new Error('update of a locked group returned no row');
    if (before.privacy === 'private' && group.privacy === 'public') await approveAllPending(tx, emit, groups, group, userId);
    emit({ type: 'group.updated', aggregateId: groupId, actorId: userId, payload: groupState(group) });
    return groupDetailFor(tx, groups, groupId, userId);
  });
}

export async function deleteGroup(groups: Groups, userId: number, groupId: number): Promise<void> {
  const g = groups.tables.groups;
  await groups.ctx.transact(async (tx, emit) => {
    const group = await lockGroup(tx, groups, groupId);
    requireOwner(group, userId);
    await tx.delete(g).where(eq(g.id, groupId));
    emit({ type: 'group.deleted', aggregateId: groupId, actorId: userId, payload: { groupId, ownerId: group.ownerId } });
  });
}
