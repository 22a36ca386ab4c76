/**
 * The bell for messages (decision 039): one `message` notification per conversation and recipient.
 * Each new message renews that row instead of adding one: it takes a new id (so it rises to the top
 * of the list and reaches the sockets as new, past their 'ready' count), the latest sender as its
 * actor, and is unread again. Only the members the event names in `notifyIds` (inbox members, never
 * a request's recipient), with their "Messages" switch on, not between a blocked pair (decision
 * 036), and not from a member the recipient muted (decision 037). A read mark at or past the
 * message it tells of reads it, so an open conversation leaves no bell count behind.
 */
import { notificationMessage, type EventEnvelope, type EventPayload } from '@kora/contracts';
import { mutesOf, type Emit, type Tx } from '@kora/platform/service';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import { announce, mayNotify } from './store.js';

type Event<T extends 'message.sent' | 'conversation.read'> = EventEnvelope<EventPayload<T>>;

export async function messageSent(n: Notifications, tx: Tx, emit: Emit, event: Event<'message.sent'>): Promise<void> {
  const { conversationId, message, notifyIds, title } = event.payload;
  const t = n.tables.notifications;
  for (const recipientId of new Set(notifyIds)) {
    const draft = { recipientId, actorId: message.senderId, type: 'message' as const };
    if (!(await mayNotify(n, tx, draft))) continue;
    if ((await mutesOf(tx, n.tables.mutes, recipientId)).memberIds.includes(message.senderId)) continue;
    const values = {
      ...draft,
      entityType: 'conversation' as const,
      entityId: conversationId,
      message: notificationMessage('message', title ?? undefined),
      messageId: message.id,
      conversationTitle: title,
      sourceEventId: event.id,
      createdAt: new Date(message.createdAt),
    };
    const [row] = await tx
      .insert(t)
      .values(values)
      .onConflictDoUpdate({
        target: [t.recipientId, t.entityId],
        targetWhere: sql`${t.type} = 'message'`,
        // A new id: the renewed row is the newest notification, pushed live like a new one.
        set: { ...values, id: sql`default`, readAt: null, seenAt: null } as Partial<typeof t.$inferInsert>,
        // Only a newer message renews it: a replayed or late older event changes nothing.
        setWhere: sql`${t.messageId} < excluded.message_id`,
      })
      .returning();
    if (row) await announce(n, tx, emit, row);
  }
}

/** The member read the conversation up to `readUpTo`: their message notification is read if it tells of nothing newer. */
export async function conversationRead(n: Notifications, tx: Tx, event: Event<'conversation.read'>): Promise<void> {
  const { conversationId, userId, readUpTo } = event.payload;
  const t = n.tables.notifications;
  await tx
    .update(t)
    .set({ readAt: sql`now()`, seenAt: sql`coalesce(${t.seenAt}, now())` })
    .where(
      and(eq(t.recipientId, userId), eq(t.type, 'message'), eq(t.entityId, conversationId), lte(t.messageId, readUpTo), isNull(t.readAt)),
    );
}
