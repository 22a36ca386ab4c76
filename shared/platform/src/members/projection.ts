/**
 * Feeding the member snapshot from auth's events on `auth.user` (keyed by user id, so one member's
 * events arrive in order). Every handler is an upsert that is harmless to replay: snapshots are
 * guarded by their time, so a redelivered or late older snapshot never overwrites a newer one;
 * activation only ever sets the flag. The Pro plan comes from wallet's `membership.changed` (keyed
 * by member, guarded by its own time). The platform's consumer also records each event id
 * (processed events), so a redelivery is skipped.
 */
import { DEFAULT_AVATAR, displayName, unknownMember, type EventEnvelope, type EventPayload } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import type { EventHandler } from '../events/consumer.js';
import type { MemberSnapshotTable } from './table.js';

type Snapshot = EventPayload<'user.updated'>;

async function applySnapshot(members: MemberSnapshotTable, tx: Tx, snapshot: Snapshot, occurredAt: Date): Promise<void> {
  const values = {
    userId: snapshot.userId,
    username: snapshot.username,
    displayName: displayName(snapshot),
    profileImage: snapshot.profileImage || DEFAULT_AVATAR,
    joinedAt: occurredAt,
    updatedAt: occurredAt,
  };
  await tx
    .insert(members)
    .values(values)
    .onConflictDoUpdate({
      target: members.userId,
      set: { username: values.username, displayName: values.displayName, profileImage: values.profileImage, updatedAt: values.updatedAt },
      setWhere: sql`${members.updatedAt} <= excluded.updated_at`,
    });
}

async function registered(members: MemberSnapshotTable, tx: Tx, event: EventEnvelope<EventPayload<'user.registered'>>): Promise<void> {
  await applySnapshot(members, tx, event.payload, new Date(event.occurredAt));
  // The sign-up time is a fact of registration, whatever snapshot is newer.
  const joinedAt = new Date(event.payload.createdAt);
  if (!Number.isNaN(joinedAt.getTime())) await tx.update(members).set({ joinedAt }).where(eq(members.userId, event.payload.userId));
}

/**
 * Normally the member is already known (user.registered came first, same key); if not, a
 * placeholder row with the unknown member's look and the oldest possible snapshot time takes the
 * flag, and the first snapshot fills in the rest.
 */
async function activated(members: MemberSnapshotTable, tx: Tx, event: EventEnvelope<EventPayload<'user.activated'>>): Promise<void> {
  const { userId } = event.payload;
  const unknown = unknownMember(userId);
  await tx
    .insert(members)
    .values({
      userId,
      ...unknown,
      displayName: unknown.username,
      activated: true,
      joinedAt: new Date(event.occurredAt),
      updatedAt: new Date(0),
    })
    .onConflictDoUpdate({ target: members.userId, set: { activated: true } });
}

/**
 * The member's plan now (the verified badge). A plan can end early, so the newest event wins by its
 * time, never the latest `activeUntil`. A member not known yet keeps a placeholder row, as
 * `activated` does, that their first snapshot fills in.
 */
async function membershipChanged(
  members: MemberSnapshotTable,
  tx: Tx,
  event: EventEnvelope<EventPayload<'membership.changed'>>,
): Promise<void> {
  const { userId, activeUntil } = event.payload;
  const proUntil = new Date(activeUntil);
  const proChangedAt = new Date(event.occurredAt);
  const unknown = unknownMember(userId);
  await tx
    .insert(members)
    .values({ userId, ...unknown, displayName: unknown.username, joinedAt: proChangedAt, updatedAt: new Date(0), proUntil, proChangedAt })
    .onConflictDoUpdate({
      target: members.userId,
      set: { proUntil, proChangedAt },
      setWhere: sql`${members.proChangedAt} is null or ${members.proChangedAt} <= ${proChangedAt.toISOString()}::timestamptz`,
    });
}

export interface MemberSnapshotHandlers {
  'user.registered': EventHandler<'user.registered'>;
  'user.activated': EventHandler<'user.activated'>;
  'user.updated': EventHandler<'user.updated'>;
  'membership.changed': EventHandler<'membership.changed'>;
}

/** The handlers to spread into a consumer's map: `handlers: { ...memberSnapshotHandlers(t.members), ... }`. */
export function memberSnapshotHandlers(members: MemberSnapshotTable): MemberSnapshotHandlers {
  return {
    'user.registered': (event, tx) => registered(members, tx, event),
    'user.activated': (event, tx) => activated(members, tx, event),
    'user.updated': (event, tx) => applySnapshot(members, tx, event.payload, new Date(event.occurredAt)),
    'membership.changed': (event, tx) => membershipChanged(members, tx, event),
  };
}
