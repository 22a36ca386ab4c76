/**
 * Where a notification leads. From the bell: a post opens in the post modal over the current page,
 * a friend request goes to /friends, an accepted request to the friend's profile. On the
 * notifications page the spec is narrower: an item links to /posts/{postId} when its meta carries a
 * post id, otherwise nowhere.
 */
import type { Notification } from '@kora/contracts';

export type NotificationTarget = { kind: 'post'; postId: number } | { kind: 'page'; to: string } | { kind: 'none' };

type Target = Pick<Notification, 'type' | 'actorId' | 'meta'>;

export function notificationTarget(notification: Target): NotificationTarget {
  if (notification.meta.postId) return { kind: 'post', postId: notification.meta.postId };
  if (notification.type === 'friend_request') return { kind: 'page', to: '/friends' };
  if (notification.type === 'friend_accept') return { kind: 'page', to: `/profile/${notification.actorId}` };
  return { kind: 'none' };
}

/** The notifications page's link for an item, or null. */
export function notificationPageLink(notification: Pick<Notification, 'meta'>): string | null {
  return notification.meta.postId ? `/posts/${notification.meta.postId}` : null;
}
