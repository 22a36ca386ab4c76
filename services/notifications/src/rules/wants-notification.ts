/**
 * Whether a member wants a notification of this type: the ONE place the writer asks. Answered from
 * the local projection of their notification switches, read in the writer's transaction, so the
 * decision and the stored notification belong to the same transaction (a switch turned off before the event is
 * handled is honoured; no row means the defaults, all in-app switches on).
 */
import { defaultNotificationSettings, type NotificationSwitch, type NotificationType } from '@kora/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationsTables } from '../db/schema.js';

/** The switch each type answers to. Typed by the known types: a new type must pick its switch. */
const switchOfType: Record<NotificationType, NotificationSwitch | null> = {
  post_like: 'inappLikes',
  reel_like: 'inappLikes',
  post_comment: 'inappComments',
  reel_comment: 'inappComments',
  mention: 'inappMentions',
  friend_request: 'inappFriendRequests',
  friend_accept: 'inappFriendRequests',
  group_join_request: 'inappGroupActivity',
  group_join_approved: 'inappGroupActivity',
  payment: 'inappPayments',
  payment_package: 'inappPayments',
  // The outcome of a member's own report is always told (decision 024): no switch silences it.
  report_outcome: null,
  // The archive the member asked for (decision 035): always told.
  archive_ready: null,
  // Unread messages in a conversation (decision 039).
  message: 'inappMessages',
};

/**
 * The switch a notification type answers to, or null for a type no switch governs. Groups and
 * payments are whole families (`group_*`, `payment_*`), each behind one switch, so a type of theirs
 * not listed yet is covered by its family.
 */
export function switchOf(type: string): NotificationSwitch | null {
  if (type in switchOfType) return switchOfType[type as NotificationType];
  if (type.startsWith('group_')) return 'inappGroupActivity';
  if (type === 'payment' || type.startsWith('payment_')) return 'inappPayments';
  return null;
}

/**
 * Whether the member in `recipient` (a column or a value) wants a notification of `type`, as a
 * condition for a statement: the writer's one read of a recipient (recipient-facts.ts) and the
 * statements that decide for many recipients at once (the bell for messages).
 */
export function wantsNotificationSql(tables: NotificationsTables, recipient: SQL, type: NotificationType): SQL {
  const name = switchOf(type);
  if (!name) return sql`true`;
  const ns = tables.notificationSettings;
  return sql`coalesce((select ${ns[name]} from ${ns} where ${ns.userId} = ${recipient}), ${defaultNotificationSettings[name]})`;
}
