/**
 * Every event this service consumes through the platform's idempotent consumer, in one place.
 * One group ('writer', shared by all instances) keeps the member snapshot and turns events into
 * notifications. The per-instance live feed (notification.created, session.revoked) is not here:
 * it is no durable effect, every instance needs every message, see live/feed.ts.
 */
import { memberSnapshotHandlers, type ConsumerDefinition } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import { friendRequestAccepted, friendRequestCancelled, friendRequestSent, postCommented, postLiked } from '../notifications/from-events.js';

export function notificationsConsumers(n: Notifications): ConsumerDefinition[] {
  return [
    {
      name: 'writer',
      handlers: {
        ...memberSnapshotHandlers(n.tables.members),
        'post.liked': (event, tx, emit) => postLiked(n, tx, emit, event),
        'post.commented': (event, tx, emit) => postCommented(n, tx, emit, event),
        'friend-request.sent': (event, tx, emit) => friendRequestSent(n, tx, emit, event),
        'friend-request.accepted': (event, tx, emit) => friendRequestAccepted(n, tx, emit, event),
        'friend-request.cancelled': (event, tx) => friendRequestCancelled(n, tx, event),
      },
    },
  ];
}
