/**
 * Reels' likes and comments (decision 022): `reel.liked` tells the reel's author `reel_like`,
 * `reel.commented` tells them `reel_comment` with the comment's excerpt; both point at the reel
 * (`entityType` 'reel') and answer to the likes and comments switches (rules/wants-notification.ts).
 * Acting on your own reel tells nobody (storeNotification). A like taken back leaves its
 * notification, as posts' likes do: `reel.unliked` is not consumed.
 */
import type { EventEnvelope, EventPayload } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import { storeNotification } from './store.js';

type Event<T extends 'reel.liked' | 'reel.commented'> = EventEnvelope<EventPayload<T>>;

export async function reelLiked(n: Notifications, tx: Tx, emit: Emit, event: Event<'reel.liked'>): Promise<void> {
  const { reelId, authorId, actorId } = event.payload;
  await storeNotification(n, tx, emit, {
    sourceEventId: event.id,
    occurredAt: event.occurredAt,
    recipientId: authorId,
    actorId,
    type: 'reel_like',
    entityType: 'reel',
    entityId: reelId,
  });
}

export async function reelCommented(n: Notifications, tx: Tx, emit: Emit, event: Event<'reel.commented'>): Promise<void> {
  const { reelId, authorId, actorId, excerpt } = event.payload;
  await storeNotification(n, tx, emit, {
    sourceEventId: event.id,
    occurredAt: event.occurredAt,
    recipientId: authorId,
    actorId,
    type: 'reel_comment',
    entityType: 'reel',
    entityId: reelId,
    excerpt,
  });
}
