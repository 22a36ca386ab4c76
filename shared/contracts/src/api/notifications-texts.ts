/**
 * The notifications API's texts, types, page size, badge and socket close codes: plain values and
 * functions, no schema library, so the browser can import them without carrying zod (the schemas
 * beside them re-export everything here).
 */
import { fromEnglish } from '../i18n/from-english.js';
import { localizedTexts, template } from '../i18n/localized-texts.js';
import { formatNaira } from './naira.js';

export const notificationTexts = localizedTexts('notification', {
  empty: 'No notifications',
  emptyPage: 'You have no notifications.',
  markAllRead: 'Mark all as read',
  seeAll: 'See all',
  loadMore: 'Load more',
  requestFailed: 'Request failed',
  idsInvalid: 'Send the ids of your notifications to mark as read',
  cursorInvalid: 'The page cursor is not valid',
  mentionedInPost: 'mentioned you in a post',
  mentionedInComment: 'mentioned you in a comment',
  sentYouAMessage: 'sent you a message',
  approveMention: 'Approve',
  declineMention: 'Decline',
  mentionApproved: 'You approved this mention',
  mentionDeclined: 'You declined this mention',
  mentionReviewFailed: 'Could not answer the mention',
  online: 'Online',
  presenceIdsInvalid: 'Send up to 100 member ids, separated by commas',
  // Payments (decision 023): notices about the member's own wallet, shown without an actor's name.
  walletToppedUp: template('Your wallet was topped up with {{amount}}', (naira: number) => ({ amount: formatNaira(naira) })),
  packageBought: template('You bought {{plan}} for {{amount}}: your Pro perks are on', (plan: string, naira: number) => ({
    plan,
    amount: formatNaira(naira),
  })),
  // The bell and the /notifications page.
  title: 'Notifications',
  bellLabel: template('Notifications, {{count}} unread', (count: string) => ({ count })),
  latest: 'Latest notifications',
  loading: 'Loading notifications',
  loadingMore: 'Loading more notifications',
  unread: 'Unread',
});

/**
 * The types a notification may have. The groups ones (decision 021) point at the group
 * (`entityType` 'group', `entityId` and `meta.groupId` the group's id): a join request for the
 * group's owner and admins, an approval for the member let in. The payment ones (decision 023)
 * point at the wallet transaction (`entityType` 'transaction'): a card top-up credited, a package
 * bought; their actor is the member themselves and their message is whole (`isOwnNotice`).
 */
export const notificationTypes = [
  'post_like',
  'post_comment',
  'friend_request',
  'friend_accept',
  'reel_like',
  'reel_comment',
  'mention',
  'group_join_request',
  'group_join_approved',
  'payment',
  'payment_package',
  'report_outcome',
  // The member's data archive is ready (decision 035): points at the member themself (`entityType` 'user').
  'archive_ready',
  /**
   * Unread messages in a conversation (decision 039): one per conversation and recipient, brought
   * back to the top (a new id) by each new message, pointing at the conversation (`entityType`
   * 'conversation', `entityId` its id); the actor is the latest sender.
   */
  'message',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * A mention the mentioned member reviews (privacy tagReview): `pending` until they answer, then
 * `approved` or `declined`; null on every other notification.
 */
export const MENTION_REVIEW_STATES = ['pending', 'approved', 'declined'] as const;
export type MentionReviewState = (typeof MENTION_REVIEW_STATES)[number];

/** The most ids one GET /api/presence answers for (a page of friends or suggestions is fewer). */
export const PRESENCE_MAX_IDS = 100;

/**
 * A notice about the member's own wallet (payment, payment_*) or the outcome of their report
 * (report_outcome, decision 024): its message is a whole sentence, shown without an actor's name in front.
 */
export function isOwnNotice(type: string): boolean {
  return type === 'payment' || type.startsWith('payment_') || type === 'report_outcome' || type === 'archive_ready';
}

/**
 * A notification's message in the current language. The notifications service writes each message
 * in its recipient's language when it makes it (notification-message-texts.ts); one stored before
 * that, in English, is recognised among the catalogs and read in the page's language (`fromEnglish`).
 */
export function localizedNotificationMessage(message: string): string {
  return fromEnglish(message);
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
export const NOTIFICATION_ENTITY_TYPES = ['post', 'friend_request', 'user', 'reel', 'group', 'transaction', 'conversation'] as const;
