/**
 * Member projection: the username and avatar friends lists show, whether the member is activated
 * (only activated members receive requests and appear in suggestions) and when they joined, from
 * auth's events on the `auth.user` topic (keyed by user id, so one member's events arrive in order).
 *
 * Every handler is an upsert that is harmless to replay: snapshots are guarded by their time, so a
 * redelivered or late older snapshot never overwrites a newer one; activation only ever sets the
 * flag. The consumer also records each event id (processed events), so a redelivery is skipped.
 */
import { DEFAULT_AVATAR, unknownMember, type EventEnvelope, type EventPayload } from '@kora/contracts';
import type { Tx } from '@kora/platform';
import { eq, sql } from 'drizzle-orm';
import type { FriendsTables } from '../db/schema.js';

type Snapshot = EventPayload<'user.updated'>;

/** How a member without a (known) name shows: the same look in every service. */
export const fallbackMember = unknownMember;

async function applySnapshot(tables: FriendsTables, tx: Tx, snapshot: Snapshot, occurredAt: Date): Promise<void> {
  const { members } = tables;
  const values = {
    userId: snapshot.userId,
    username: snapshot.username,
    profileImage: snapshot.profileImage || DEFAULT_AVATAR,
    joinedAt: occurredAt,
    updatedAt: occurredAt,
  };
  await tx
    .insert(members)
    .values(values)
    .onConflictDoUpdate({
      target: members.userId,
      set: { username: values.username, profileImage: values.profileImage, updatedAt: values.updatedAt },
      setWhere: sql`${members.updatedAt} <= excluded.updated_at`,
    });
}

export async function memberRegistered(tables: FriendsTables, tx: Tx, event: EventEnvelope<EventPayload<'user.registered'>>): Promise<void> {
  await applySnapshot(tables, tx, event.payload, new Date(event.occurredAt));
  // The sign-up time is a fact of registration, whatever snapshot is newer.
  const joinedAt = new Date(event.payload.createdAt);
  if (!Number.isNaN(joinedAt.getTime())) {
    await tx.update(tables.members).set({ joinedAt }).where(eq(tables.members.userId, event.payload.userId));
  }
}

export async function memberUpdated(tables: FriendsTables, tx: Tx, event: EventEnvelope<EventPayload<'user.updated'>>): Promise<void> {
  await applySnapshot(tables, tx, event.payload, new Date(event.occurredAt));
}

/**
 * Activation. Normally the member is already known (user.registered came first, same key); if not,
 * a placeholder row with the fallback name and the oldest possible snapshot time takes the flag,
 * and the first snapshot fills in the name.
 */
export async function memberActivated(tables: FriendsTables, tx: Tx, event: EventEnvelope<EventPayload<'user.activated'>>): Promise<void> {
  const { members } = tables;
  const { userId } = event.payload;
  await tx
    .insert(members)
    .values({ userId, ...fallbackMember(userId), activated: true, joinedAt: new Date(event.occurredAt), updatedAt: new Date(0) })
    .onConflictDoUpdate({ target: members.userId, set: { activated: true } });
}
