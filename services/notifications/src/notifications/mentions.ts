/**
 * Mentions (posts' `post.mentioned`, `post.mention-reviewed`): the mentioned member is told, and a
 * mention that waits for their review (privacy tagReview) carries what the web needs to offer
 * Approve / Decline: its id and the state `pending`, which the review event then settles.
 */
import type { EventEnvelope, EventPayload } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import { and, eq } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import { storeNotification } from './store.js';

export async function postMentioned(
  n: Notifications,
  tx: Tx,
  emit: Emit,
  event: EventEnvelope<EventPayload<'post.mentioned'>>,
): Promise<void> {
  const { postId, actorId, mentionId, mentionedUserId, commentId, pending } = event.payload;
  await storeNotification(n, tx, emit, {
    sourceEventId: event.id,
    occurredAt: event.occurredAt,
    recipientId: mentionedUserId,
    actorId,
    type: 'mention',
    entityType: 'post',
    entityId: postId,
    postId,
    mentionId,
    inComment: commentId !== null,
    review: pending ? 'pending' : null,
  });
}

/**
 * The member answered (here or anywhere else): the notification shows the answer. Only a pending
 * one changes, so a late replay of an older answer cannot flip a newer one (posts refuses a
 * second, different answer anyway).
 */
export async function mentionReviewed(
  n: Notifications,
  tx: Tx,
  event: EventEnvelope<EventPayload<'post.mention-reviewed'>>,
): Promise<void> {
  const { mentionId, mentionedUserId, approved } = event.payload;
  const t = n.tables.notifications;
  await tx
    .update(t)
    .set({ review: approved ? 'approved' : 'declined' })
    .where(and(eq(t.type, 'mention'), eq(t.mentionId, mentionId), eq(t.recipientId, mentionedUserId), eq(t.review, 'pending')));
}
