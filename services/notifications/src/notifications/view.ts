/** A stored row plus its actor, as the API, the socket and `notification.created` show it. */
import type { Notification } from '@kora/contracts';
import type { NotificationRow } from '../db/schema.js';
import type { ActorView } from '../projections/members.js';

export function toNotification(row: NotificationRow, actor: ActorView): Notification {
  return {
    id: row.id,
    type: row.type,
    actorId: row.actorId,
    actorName: actor.actorName,
    actorAvatar: actor.actorAvatar,
    entityType: row.entityType,
    entityId: row.entityId,
    message: row.message,
    meta: { postId: row.postId, groupId: row.groupId, mentionId: row.mentionId, review: row.review },
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    seenAt: row.seenAt?.toISOString() ?? null,
  };
}
