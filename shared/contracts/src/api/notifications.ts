/**
 * The notifications API (notifications service) and the live socket's messages. Notification
 * shape as the spec's entity: id, type, actorId, actorName, actorAvatar, entityType, entityId,
 * message, meta {postId, groupId}, createdAt, readAt, seenAt.
 */
import { z } from 'zod';

export const notificationTexts = {
  empty: 'No notifications',
  emptyPage: 'You have no notifications.',
  markAllRead: 'Mark all as read',
  seeAll: 'See all',
  loadMore: 'Load more',
  requestFailed: 'Request failed',
  idsInvalid: 'Send the ids of your notifications to mark as read',
  cursorInvalid: 'The page cursor is not valid',
} as const;

export const notificationTypes = ['post_like', 'post_comment', 'friend_request', 'friend_accept', 'reel_like'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** The spec: any type we do not know reads "sent you a notification". */
export function notificationMessage(type: string, excerpt?: string): string {
  switch (type) {
    case 'post_like':
      return 'liked your post';
    case 'post_comment':
      return excerpt ? `commented on your post: "${excerpt}"` : 'commented on your post';
    case 'friend_request':
      return 'sent you a friend request';
    case 'friend_accept':
      return 'accepted your friend request';
    case 'reel_like':
      return 'liked your reel';
    default:
      return 'sent you a notification';
  }
}

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  actorId: z.number().int(),
  actorName: z.string(),
  actorAvatar: z.string(),
  entityType: z.enum(['post', 'friend_request', 'user', 'reel', 'group']),
  entityId: z.number().int(),
  message: z.string(),
  meta: z.object({ postId: z.number().int().nullable(), groupId: z.number().int().nullable() }),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  seenAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 20;

/** `cursor` is the id of the last notification of the previous page (ids only grow). */
export const notificationPageQuery = z.object({
  cursor: z.coerce.number({ error: notificationTexts.cursorInvalid }).int().positive(notificationTexts.cursorInvalid).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});
export const notificationPage = z.object({ notifications: z.array(notificationSchema), nextCursor: z.number().int().nullable() });
export type NotificationPage = z.infer<typeof notificationPage>;

export const unreadCountAnswer = z.object({ count: z.number().int() });
export const markReadBody = z.object({ ids: z.array(z.number().int().positive()).min(1, notificationTexts.idsInvalid).max(100) });
export const markAnswer = z.object({ updated: z.number().int(), unread: z.number().int() });

/** The badge: the count, "99+" above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Messages the server sends on `/ws`. */
export const socketMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification:new'), notification: notificationSchema }),
  z.object({ type: z.literal('ready'), unread: z.number().int() }),
]);
export type SocketMessage = z.infer<typeof socketMessage>;

/**
 * Close codes `/ws` uses besides the standard ones. After either, the client should not reconnect
 * on its own: the session is over (sign in again), or the member has too many tabs open (their
 * oldest was closed to make room for the newest).
 */
export const socketCloseCodes = { sessionRevoked: 4001, tooManyConnections: 4002 } as const;
