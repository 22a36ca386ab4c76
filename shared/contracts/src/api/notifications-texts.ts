/**
 * The notifications API's texts, types, page size, badge and socket close codes: plain values and
 * functions, no schema library, so the browser can import them without carrying zod (the schemas
 * beside them re-export everything here).
 */
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
export const NOTIFICATION_PAGE_SIZE = 20;
/** The badge: the count, "99+" above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
/**
 * Close codes `/ws` uses besides the standard ones. After either, the client should not reconnect
 * on its own: the session is over (sign in again), or the member has too many tabs open (their
 * oldest was closed to make room for the newest).
 */
export const socketCloseCodes = { sessionRevoked: 4001, tooManyConnections: 4002 } as const;

/** What a notification points at (its `entityType`). */
export const NOTIFICATION_ENTITY_TYPES = ['post', 'friend_request', 'user', 'reel', 'group'] as const;
