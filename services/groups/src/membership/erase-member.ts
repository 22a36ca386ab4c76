/**
 * A member's account was erased (`user.deleted`, decision 034). Their memberships and requests go
 * (`group.member-left` for each group they were in, the counts follow). A group they owned passes
 * to its oldest admin, else its oldest member (`group.role-changed`, `group.updated`), without its
 * picture: that file was the member's upload and media removes it. A group nobody else is in is
 * deleted (`group.deleted`). Their snapshot row goes last. Replaying finds nothing left to do.
 */
import type { EventPayload, GroupRole } from '@kora/contracts';
import { deleteMemberRows, forgetPublishedEvents, memberNames, type Emit, type Tx } from '@kora/platform/service';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Groups } from '../context.js';
import { groupState } from '../groups/view.js';
import { addToCount } from './count.js';

const SUCCESSION: Record<GroupRole, number> = { owner: 0, admin: 0, member: 1 };

export async function eraseGroupMember(
  groups: Groups,
  tx: Tx,
  emit: Emit,
  event: { payload: EventPayload<'user.deleted'> },
): Promise<void> {
  const { userId } = event.payload;
  const { groups: g, memberships: m, members } = groups.tables;
  const names = await memberNames(tx, members, userId);

  for (const group of await tx.select().from(g).where(eq(g.ownerId, userId)).for('update')) {
    const others = await tx
      .select()
      .from(m)
      .where(and(eq(m.groupId, group.id), ne(m.userId, userId), eq(m.status, 'approved')))
      .orderBy(asc(m.joinedAt), asc(m.userId));
    const heir = others.sort((a, b) => SUCCESSION[a.role] - SUCCESSION[b.role])[0];
    if (!heir) {
      await tx.delete(m).where(eq(m.groupId, group.id));
      await tx.delete(g).where(eq(g.id, group.id));
      // No actor, like the erasure's other events: the member is gone, and a row naming them as actor
      // would be purged with their published events once sent.
      emit({ type: 'group.deleted', aggregateId: group.id, actorId: null, payload: { groupId: group.id, ownerId: userId } });
      continue;
    }
    await tx
      .update(m)
      .set({ role: 'owner' })
      .where(and(eq(m.groupId, group.id), eq(m.userId, heir.userId)));
    const [handed] = await tx
      .update(g)
      .set({ ownerId: heir.userId, picture: null, updatedAt: sql`now()` })
      .where(eq(g.id, group.id))
      .returning();
    emit({
      type: 'group.role-changed',
      aggregateId: group.id,
      actorId: null,
      payload: { groupId: group.id, userId: heir.userId, role: 'owner' },
    });
    emit({ type: 'group.updated', aggregateId: group.id, actorId: null, payload: groupState(handed!) });
  }

  const left = await tx.delete(m).where(eq(m.userId, userId)).returning();
  for (const row of left) {
    if (row.status !== 'approved') {
      emit({ type: 'group.join-withdrawn', aggregateId: row.groupId, actorId: null, payload: { groupId: row.groupId, userId } });
      continue;
    }
    await addToCount(tx, groups, row.groupId, -1);
    emit({
      type: 'group.member-left',
      aggregateId: row.groupId,
      actorId: null,
      payload: { groupId: row.groupId, userId, removedBy: null },
    });
  }
  await deleteMemberRows(tx, userId, [members.userId]);
  await forgetPublishedEvents(tx, groups.ctx.schema, userId, names);
}
