/**
 * Author projection: the username and avatar posts and comments show, from auth's member
 * snapshots (`user.registered`, `user.updated`). An upsert guarded by the snapshot's time, so a
 * redelivered or late older snapshot never overwrites a newer one.
 */
import { DEFAULT_AVATAR, type EventEnvelope, type EventPayload } from '@kora/contracts';
import type { Tx } from '@kora/platform';
import { sql } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';

type Snapshot = EventPayload<'user.updated'>;

export async function applyMemberSnapshot(tables: PostsTables, tx: Tx, event: EventEnvelope<Snapshot>): Promise<void> {
  const { authors } = tables;
  const values = {
    userId: event.payload.userId,
    username: event.payload.username,
    profileImage: event.payload.profileImage || DEFAULT_AVATAR,
    updatedAt: new Date(event.occurredAt),
  };
  await tx
    .insert(authors)
    .values(values)
    .onConflictDoUpdate({
      target: authors.userId,
      set: { username: values.username, profileImage: values.profileImage, updatedAt: values.updatedAt },
      setWhere: sql`${authors.updatedAt} <= excluded.updated_at`,
    });
}
