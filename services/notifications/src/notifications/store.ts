/**
 * Storing one notification from one event, and announcing it. Everything happens in the
 * consumer's transaction (the one that records the event as processed): the row, and the
 * `notification.created` event emitted to the outbox, so a notification is announced exactly when
 * it exists. Every instance's live feed reads that event and pushes it to the recipient's sockets.
 */
import {
  inLocale,
  isOwnNotice,
  notificationMessage,
  type MentionReviewState,
  type Notification,
  type NotificationType,
} from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import type { NotificationRow } from '../db/schema.js';
import { actorOf, type ActorView } from '../projections/members.js';
import { recipientFacts } from './recipient-facts.js';
import { toNotification } from './view.js';

export interface NotificationDraft {
  recipientId: number;
  actorId: number;
  type: NotificationType;
  entityType: Notification['entityType'];
  entityId: number;
  /**
   * The comment's excerpt (post_comment), or the group's title (group_*): what the message names;
   * or, for a notice about the member's own things, its words, read in the recipient's language.
   */
  excerpt?: string | (() => string);
  postId?: number | null;
  groupId?: number | null;
  /** For a mention: which one, whether it was in a comment, and whether it waits for review. */
  mentionId?: number | null;
  inComment?: boolean;
  review?: MentionReviewState | null;
  /** The event it comes from (unique per recipient: a replay stores nothing). */
  sourceEventId: string;
  /** When the action happened (the event's time), not when we got round to it. */
  occurredAt: string;
}

/**
 * Stores the notification unless it is about the member's own action (except a notice about their
 * own wallet, `isOwnNotice`), unwanted, between a blocked pair (either way, decision 036), or a replay.
 * One read answers all of that and the recipient's language (recipient-facts.ts), one insert stores it.
 */
export async function storeNotification(n: Notifications, tx: Tx, emit: Emit, draft: NotificationDraft): Promise<Notification | null> {
  if (draft.actorId === draft.recipientId && !isOwnNotice(draft.type)) return null;
  const facts = await recipientFacts(n, tx, draft.recipientId, draft.actorId, draft.type);
  if (!facts.mayTell) return null;
  const { notifications } = n.tables;
  // Written once, in the words its recipient reads: the bell, the push and the digest show it.
  const message = inLocale({ language: facts.language }, () => {
    const detail = typeof draft.excerpt === 'function' ? draft.excerpt() : draft.excerpt;
    return notificationMessage(draft.type, detail, draft.inComment);
  });
  const [row] = await tx
    .insert(notifications)
    .values({
      recipientId: draft.recipientId,
      type: draft.type,
      actorId: draft.actorId,
      entityType: draft.entityType,
      entityId: draft.entityId,
      message,
      postId: draft.postId ?? null,
      groupId: draft.groupId ?? null,
      mentionId: draft.mentionId ?? null,
      review: draft.review ?? null,
      sourceEventId: draft.sourceEventId,
      createdAt: new Date(draft.occurredAt),
    })
    .onConflictDoNothing({ target: [notifications.sourceEventId, notifications.recipientId] })
    .returning();
  return row ? announce(n, tx, emit, row, facts.actor) : null;
}

/**
 * Announces a stored (or renewed) row as `notification.created`, in the transaction that wrote it.
 * `actor`: how the actor shows, when the statement that wrote the row already read it.
 */
export async function announce(n: Notifications, tx: Tx, emit: Emit, row: NotificationRow, actor?: ActorView): Promise<Notification> {
  const notification = toNotification(row, actor ?? (await actorOf(n.tables, tx, row.actorId)));
  // Keyed by recipient: one member's notifications reach their sockets in the order they were made.
  emit({
    type: 'notification.created',
    aggregateId: row.recipientId,
    actorId: row.actorId,
    payload: { recipientId: row.recipientId, notification },
  });
  return notification;
}
