/**
 * DELETE /api/messages/conversations/{id}/messages/{messageId}: the sender deletes a message for
 * everyone (decision 039). The row keeps its id and time (the order stays); its text and media are
 * cleared and `deleted_at` set, so every member reads "Message deleted". Deleting again answers
 * the same message and announces nothing.
 */
import type { Message } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { and, eq, sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { conversationOf, membersOf } from '../conversations/access.js';
import { audienceOf } from '../conversations/audience.js';
import { messageNotFound, notSender } from '../errors.js';
import { messagesJson } from './view.js';
import { visibleTo } from './visibility.js';

export async function deleteMessage(m: Messages, callerId: number, conversationId: number, messageId: number): Promise<Message> {
  return m.ctx.transact(async (tx, emit) => {
    await conversationOf(m, tx, conversationId, callerId, { lock: true });
    const t = m.tables.messages;
    const seen = rowsOf(
      await tx.execute(
        sql`select 1 from ${t} as m where m.id = ${messageId} and m.conversation_id = ${conversationId} and ${visibleTo(m.tables, callerId)}`,
      ),
    );
    if (seen.length === 0) throw messageNotFound();
    const [row] = await tx.select().from(t).where(eq(t.id, messageId));
    if (!row) throw messageNotFound();
    if (row.senderId !== callerId) throw notSender();
    if (row.deletedAt !== null) return (await messagesJson(tx, m.tables, [row]))[0]!;
    const [cleared] = await tx
      .update(t)
      .set({ body: '', media: [], deletedAt: m.now() })
      .where(and(eq(t.id, messageId), eq(t.senderId, callerId)))
      .returning();
    const [message] = await messagesJson(tx, m.tables, [cleared!]);
    const audience = row.senderOnly ? { memberIds: [callerId] } : await audienceOf(m, tx, await membersOf(m, tx, conversationId), callerId);
    emit({
      type: 'message.deleted',
      aggregateId: conversationId,
      actorId: callerId,
      payload: { conversationId, memberIds: audience.memberIds, message: message! },
    });
    return message!;
  });
}
