/**
 * Feeding the friend-graph projection from the friends service's events. Inserts ignore an
 * existing pair and deletes of a missing one do nothing, so replays are harmless; the friends
 * service keys a pair's events alike, so accept and remove arrive in order.
 */
import { and, eq, or } from 'drizzle-orm';
import type { EventHandler } from '../events/consumer.js';
import type { FriendshipsTable } from './table.js';

export interface FriendshipHandlers {
  'friend-request.accepted': EventHandler<'friend-request.accepted'>;
  'friendship.removed': EventHandler<'friendship.removed'>;
}

/** The handlers to spread into a consumer's map: `handlers: { ...friendshipHandlers(t.friendships), ... }`. */
export function friendshipHandlers(friendships: FriendshipsTable): FriendshipHandlers {
  return {
    'friend-request.accepted': async (event, tx) => {
      const { fromUserId: a, toUserId: b } = event.payload;
      if (a === b) return; // not a friendship; the friends service never sends it, the check keeps the table honest
      const createdAt = new Date(event.occurredAt);
      await tx
        .insert(friendships)
        .values([
          { userId: a, friendId: b, createdAt },
          { userId: b, friendId: a, createdAt },
        ])
        .onConflictDoNothing();
    },
    'friendship.removed': async (event, tx) => {
      const f = friendships;
      const { fromUserId: a, toUserId: b } = event.payload;
      await tx.delete(f).where(or(and(eq(f.userId, a), eq(f.friendId, b)), and(eq(f.userId, b), eq(f.friendId, a))));
    },
  };
}
