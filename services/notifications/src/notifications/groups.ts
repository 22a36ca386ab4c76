/**
 * Groups' join requests (decision 021): a request to join a private group tells each of the
 * reviewers the groups service names (the owner and admins then), the approval tells the member let
 * in. Each points at the group (`entityType` 'group'); the web opens the requests tab for the
 * first. All answer to the member's "group activity" switch (rules/wants-notification.ts).
 */
import type { EventEnvelope, EventPayload } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import { and, eq, isNull } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import { storeNotification } from './store.js';

type Event<T extends 'group.join-requested' | 'group.join-approved' | 'group.join-withdrawn'> = EventEnvelope<EventPayload<T>>;

export async function groupJoinRequested(n: Notifications, tx: Tx, emit: Emit, event: Event<'group.join-requested'>): Promise<void> {
  const { groupId, userId, groupTitle, reviewerIds } = event.payload;
  for (const reviewerId of new Set(reviewerIds)) {
    await storeNotification(n, tx, emit, {
      sourceEventId: event.id,
      occurredAt: event.occurredAt,
      recipientId: reviewerId,
      actorId: userId,
      type: 'group_join_request',
      entityType: 'group',
      entityId: groupId,
      groupId,
      excerpt: groupTitle,
    });
  }
}

export async function groupJoinApproved(n: Notifications, tx: Tx, emit: Emit, event: Event<'group.join-approved'>): Promise<void> {
  const { groupId, userId, groupTitle, approvedBy } = event.payload;
  await storeNotification(n, tx, emit, {
    sourceEventId: event.id,
    occurredAt: event.occurredAt,
    recipientId: userId,
    actorId: approvedBy,
    type: 'group_join_approved',
    entityType: 'group',
    entityId: groupId,
    groupId,
    excerpt: groupTitle,
  });
}

/**
 * A request taken back before anyone answered: the reviewers' notifications of it go too, unless
 * read already (then they stay as history), like a cancelled friend request's.
 */
export async function groupJoinWithdrawn(n: Notifications, tx: Tx, event: Event<'group.join-withdrawn'>): Promise<void> {
  const { groupId, userId } = event.payload;
  const t = n.tables.notifications;
  await tx.delete(t).where(and(eq(t.type, 'group_join_request'), eq(t.entityId, groupId), eq(t.actorId, userId), isNull(t.readAt)));
}
