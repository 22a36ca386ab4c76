/**
 * Which notification each event makes (docs/product/notifications.md): who receives it, who acted, what it
 * points at. A cancelled friend request takes its notification back while it is still unread.
 */
import type { EventEnvelope, EventPayload, EventType } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import { and, eq, isNull } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import { storeNotification } from './store.js';

type Event<T extends EventType> = EventEnvelope<EventPayload<T>>;

const source = (event: EventEnvelope) => ({ sourceEventId: event.id, occurredAt: event.occurredAt });

export async function postLiked(n: Notifications, tx: Tx, emit: Emit, event: Event<'post.liked'>): Promise<void> {
  const { postId, postOwnerId, actorId } = event.payload;
  await storeNotification(n, tx, emit, {
    ...source(event),
    recipientId: postOwnerId,
    actorId,
    type: 'post_like',
    entityType: 'post',
    entityId: postId,
    postId,
  });
}

export async function postCommented(n: Notifications, tx: Tx, emit: Emit, event: Event<'post.commented'>): Promise<void> {
  const { postId, postOwnerId, actorId, excerpt } = event.payload;
  await storeNotification(n, tx, emit, {
    ...source(event),
    recipientId: postOwnerId,
    actorId,
    type: 'post_comment',
    entityType: 'post',
    entityId: postId,
    postId,
    excerpt,
  });
}

export async function friendRequestSent(n: Notifications, tx: Tx, emit: Emit, event: Event<'friend-request.sent'>): Promise<void> {
  const { fromUserId, toUserId, requestId } = event.payload;
  await storeNotification(n, tx, emit, {
    ...source(event),
    recipientId: toUserId,
    actorId: fromUserId,
    type: 'friend_request',
    entityType: 'friend_request',
    entityId: requestId,
  });
}

/** The sender learns the recipient accepted; the notification points at the new friend. */
export async function friendRequestAccepted(n: Notifications, tx: Tx, emit: Emit, event: Event<'friend-request.accepted'>): Promise<void> {
  const { fromUserId, toUserId } = event.payload;
  await storeNotification(n, tx, emit, {
    ...source(event),
    recipientId: fromUserId,
    actorId: toUserId,
    type: 'friend_accept',
    entityType: 'user',
    entityId: toUserId,
  });
}

/**
 * A request taken back before the recipient answered: its notification goes too, unless they have
 * read it already (then it stays as history; it no longer offers anything to act on anyway).
 */
export async function friendRequestCancelled(n: Notifications, tx: Tx, event: Event<'friend-request.cancelled'>): Promise<void> {
  const { toUserId, requestId } = event.payload;
  const t = n.tables.notifications;
  await tx.delete(t).where(and(eq(t.type, 'friend_request'), eq(t.entityId, requestId), eq(t.recipientId, toUserId), isNull(t.readAt)));
}
