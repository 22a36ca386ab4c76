/**
 * The groups projection (decision 021): each group's title, privacy and owner (and, for search's
 * group card, its description and picture: decision 025), and its approved
 * members with their roles, from the groups service's `groups.group` events. It is all the posts
 * service knows of groups: who may post in one, who may see its posts, what a post shows of it.
 *
 * Every handler is an upsert or a delete, so a repeated event changes nothing; a group's events
 * share its key and arrive in order, and a state older than the one held is ignored, so a replay
 * ends where the groups service is.
 */
import type { EventPayload, EventType } from '@kora/contracts';
import type { EventHandler, Tx } from '@kora/platform/service';
import { and, eq, sql } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';

type GroupHandlers = {
  [
    T in Extract<
      EventType,
      'group.created' | 'group.updated' | 'group.deleted' | 'group.member-joined' | 'group.member-left' | 'group.role-changed'
    >
  ]: EventHandler<T>;
};

export function groupHandlers(tables: PostsTables): GroupHandlers {
  const { groups, groupMembers } = tables;

  async function keepState(tx: Tx, state: EventPayload<'group.created'>, occurredAt: string) {
    // The description and picture are search's group card (decision 025).
    const row = {
      groupId: state.groupId,
      title: state.title,
      privacy: state.privacy,
      ownerId: state.ownerId,
      updatedAt: new Date(occurredAt),
      description: state.description,
      picture: state.picture,
    };
    await tx
      .insert(groups)
      .values(row)
      .onConflictDoUpdate({
        target: groups.groupId,
        set: {
          title: row.title,
          privacy: row.privacy,
          ownerId: row.ownerId,
          updatedAt: row.updatedAt,
          description: row.description,
          picture: row.picture,
        },
        setWhere: sql`${groups.updatedAt} <= excluded.updated_at`,
      });
  }

  async function keepMember(tx: Tx, groupId: number, userId: number, role: 'owner' | 'admin' | 'member') {
    await tx
      .insert(groupMembers)
      .values({ groupId, userId, role })
      .onConflictDoUpdate({ target: [groupMembers.groupId, groupMembers.userId], set: { role } });
  }

  return {
    // The creator is the owner from the first event: a post right after creating the group must not
    // meet a group the projection knows without its owner (the member-joined event follows). Never
    // over a role already held: a late copy of this event must not undo a handover.
    'group.created': async (event, tx) => {
      await keepState(tx, event.payload, event.occurredAt);
      await tx
        .insert(groupMembers)
        .values({ groupId: event.payload.groupId, userId: event.payload.ownerId, role: 'owner' })
        .onConflictDoNothing();
    },
    'group.updated': (event, tx) => keepState(tx, event.payload, event.occurredAt),
    // Its posts stay (a deleted post is the author's to restore, not the group's) but nobody sees them.
    'group.deleted': async (event, tx) => {
      await tx.delete(groupMembers).where(eq(groupMembers.groupId, event.payload.groupId));
      await tx.delete(groups).where(eq(groups.groupId, event.payload.groupId));
    },
    'group.member-joined': (event, tx) => keepMember(tx, event.payload.groupId, event.payload.userId, event.payload.role),
    'group.role-changed': (event, tx) => keepMember(tx, event.payload.groupId, event.payload.userId, event.payload.role),
    'group.member-left': async (event, tx) => {
      const { groupId, userId } = event.payload;
      await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    },
  };
}
