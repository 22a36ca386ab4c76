/**
 * Friend-graph projection: who is whose friend, for the feed. Each friendship is stored in both
 * directions, so "my friends" is one primary-key range scan. Inserts ignore an existing pair and
 * deletes of a missing one do nothing, so replays are harmless; the friends service keys a pair's
 * events alike, so accept/remove arrive in order.
 */
import type { EventEnvelope, EventPayload } from '@kora/contracts';
import type { Tx } from '@kora/platform/service';
import { and, eq, or } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';

export async function friendshipAccepted(tables: PostsTables, tx: Tx, event: EventEnvelope<EventPayload<'friend-request.accepted'>>): Promise<void> {
  const { fromUserId: a, toUserId: b } = event.payload;
  if (a === b) return; // not a friendship; the friends service never sends it, the check keeps the table honest
  const createdAt = new Date(event.occurredAt);
  await tx
    .insert(tables.friendships)
    .values([
      { userId: a, friendId: b, createdAt },
      { userId: b, friendId: a, createdAt },
    ])
    .onConflictDoNothing();
}

export async function friendshipRemoved(tables: PostsTables, tx: Tx, event: EventEnvelope<EventPayload<'friendship.removed'>>): Promise<void> {
  const { friendships: f } = tables;
  const { fromUserId: a, toUserId: b } = event.payload;
  await tx.delete(f).where(or(and(eq(f.userId, a), eq(f.friendId, b)), and(eq(f.userId, b), eq(f.friendId, a))));
}
