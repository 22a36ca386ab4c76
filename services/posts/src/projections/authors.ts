/**
 * Author projection: the username and avatar posts and comments show, from auth's member
 * snapshots (`user.registered`, `user.updated`). An upsert guarded by the snapshot's time, so a
 * redelivered or late older snapshot never overwrites a newer one.
 */
import { DEFAULT_AVATAR, unknownMember, type EventEnvelope, type EventPayload } from '@kora/contracts';
import type { DbOrTx, Tx } from '@kora/platform';
import { inArray, sql } from 'drizzle-orm';
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

export interface AuthorView {
  username: string;
  profileImage: string;
}

/**
 * How each of `userIds` shows on a post or comment, in one query. The projection already stores
 * the default avatar; a member whose snapshot has not reached us yet (the projection lags their
 * sign-up) shows as `unknownMember`.
 */
export async function authorViews(db: DbOrTx, tables: PostsTables, userIds: number[]): Promise<(userId: number) => AuthorView> {
  const { authors } = tables;
  const rows = userIds.length === 0 ? [] : await db.select().from(authors).where(inArray(authors.userId, userIds));
  const views = new Map(rows.map((a) => [a.userId, { username: a.username, profileImage: a.profileImage }]));
  return (userId) => views.get(userId) ?? unknownMember(userId);
}
