/**
 * Member projection: the name and avatar a notification shows for its actor, from auth's member
 * snapshots (`user.registered`, `user.updated`). An upsert guarded by the snapshot's time, so a
 * redelivered or late older snapshot never overwrites a newer one.
 */
import { DEFAULT_AVATAR, displayName, unknownMember, type EventEnvelope, type EventPayload } from '@kora/contracts';
import type { DbOrTx, Tx } from '@kora/platform';
import { eq, sql } from 'drizzle-orm';
import type { NotificationsTables } from '../db/schema.js';

type Snapshot = EventPayload<'user.updated'>;

export interface ActorView {
  actorName: string;
  actorAvatar: string;
}

/**
 * The actor as notifications show them: from the projection, or, until the member's snapshot
 * arrives (events of different topics are not ordered), as every service shows an unknown member.
 */
export function actorView(userId: number, member: { name: string; avatar: string } | null | undefined): ActorView {
  if (member) return { actorName: member.name, actorAvatar: member.avatar };
  const unknown = unknownMember(userId);
  return { actorName: unknown.username, actorAvatar: unknown.profileImage };
}

export async function applyMemberSnapshot(tables: NotificationsTables, tx: Tx, event: EventEnvelope<Snapshot>): Promise<void> {
  const { members } = tables;
  const values = {
    userId: event.payload.userId,
    name: displayName(event.payload),
    avatar: event.payload.profileImage || DEFAULT_AVATAR,
    updatedAt: new Date(event.occurredAt),
  };
  await tx
    .insert(members)
    .values(values)
    .onConflictDoUpdate({
      target: members.userId,
      set: { name: values.name, avatar: values.avatar, updatedAt: values.updatedAt },
      setWhere: sql`${members.updatedAt} <= excluded.updated_at`,
    });
}

export async function actorOf(tables: NotificationsTables, db: DbOrTx, userId: number): Promise<ActorView> {
  const [member] = await db.select().from(tables.members).where(eq(tables.members.userId, userId));
  return actorView(userId, member);
}
