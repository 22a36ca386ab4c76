/**
 * Where a notification leads. From the bell: a post opens in the post modal over the current page,
 * a friend request goes to /friends, an accepted request to the friend's profile, a request to join
 * a group to that group's Requests tab, an approved one to the group. On the notifications page
 * the product is narrower: an item links to /posts/{postId} when its meta carries a post id; the
 * group notifications (ours) link to their group as from the bell; a reel's like or comment
 * (`entityType` 'reel') opens the reels feed at that reel (/reels/{id}), from both; a payment
 * notice (a top-up, a package bought: `entityType` 'transaction') opens the wallet, from both; the
 * data archive's notice opens Settings → Your data (decision 035), from both; a message notice
 * (`entityType` 'conversation') opens that conversation (decision 039), from both; others link nowhere.
 * A push notification (decision 042) opens `notificationLink`: the page's link, else the bell's
 * page, else the notifications page. Kept here, beside the shape, so the web app and the
 * notifications service that sends pushes lead to the same place.
 */
import type { Notification } from './notifications.js';

export type NotificationTarget = { kind: 'post'; postId: number } | { kind: 'page'; to: string } | { kind: 'none' };

type Target = Pick<Notification, 'type' | 'actorId' | 'meta' | 'entityType' | 'entityId'>;

/** The reel a reel notification (reel_like, reel_comment) leads to, or null. */
function reelPage({ type, entityType, entityId }: Pick<Notification, 'type' | 'entityType' | 'entityId'>): string | null {
  if ((type === 'reel_like' || type === 'reel_comment') && entityType === 'reel' && entityId) return `/reels/${entityId}`;
  return null;
}

/** The wallet, for a payment notice (decision 023), or null. */
function walletPage({ entityType }: Pick<Notification, 'entityType'>): string | null {
  return entityType === 'transaction' ? '/wallet' : null;
}

/** Settings → Your data, for the notice that the member's archive is ready (decision 035), or null. */
function archivePage({ type }: Pick<Notification, 'type'>): string | null {
  return type === 'archive_ready' ? '/settings?tab=data' : null;
}

/** The conversation a message notification leads to (decision 039), or null. */
function conversationPage({ entityType, entityId }: Pick<Notification, 'entityType' | 'entityId'>): string | null {
  return entityType === 'conversation' && entityId ? `/messages/${entityId}` : null;
}

/** The group page a group notification leads to, or null for other notifications. */
function groupPage({ type, meta }: Pick<Notification, 'type' | 'meta'>): string | null {
  if (!meta.groupId) return null;
  // Compared as strings: the group types joined the contracts' list after the others (decision 021).
  const kind: string = type;
  if (kind === 'group_join_request') return `/groups/${meta.groupId}?tab=requests`;
  if (kind === 'group_join_approved') return `/groups/${meta.groupId}`;
  return null;
}

export function notificationTarget(notification: Target): NotificationTarget {
  if (notification.meta.postId) return { kind: 'post', postId: notification.meta.postId };
  const page =
    groupPage(notification) ??
    reelPage(notification) ??
    walletPage(notification) ??
    archivePage(notification) ??
    conversationPage(notification);
  if (page) return { kind: 'page', to: page };
  if (notification.type === 'friend_request') return { kind: 'page', to: '/friends' };
  if (notification.type === 'friend_accept') return { kind: 'page', to: `/profile/${notification.actorId}` };
  return { kind: 'none' };
}

/** The notifications page's link for an item, or null. */
export function notificationPageLink(notification: Pick<Notification, 'type' | 'meta' | 'entityType' | 'entityId'>): string | null {
  return notification.meta.postId
    ? `/posts/${notification.meta.postId}`
    : (groupPage(notification) ??
        reelPage(notification) ??
        walletPage(notification) ??
        archivePage(notification) ??
        conversationPage(notification));
}

/** Where a notification opens outside the app's pages (a push on the device, decision 042): always a path. */
export function notificationLink(notification: Target): string {
  const page = notificationPageLink(notification);
  if (page) return page;
  const target = notificationTarget(notification);
  return target.kind === 'page' ? target.to : '/notifications';
}
