/**
 * A member reports a message they can see (decision 039): the report keeps the message's id, so
 * an admin sees that message and its sender and nothing else of the conversation. As with posts'
 * reports (decision 024), a member reports a message once (409 after) and never their own (400).
 */
import type { ReportReason } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { conversationOf } from '../conversations/access.js';
import { alreadyReported, cannotReportOwn, messageNotFound } from '../errors.js';
import { visibleTo } from '../messages/visibility.js';

export async function reportMessage(
  m: Messages,
  callerId: number,
  conversationId: number,
  messageId: number,
  body: { reason: ReportReason; note: string },
): Promise<number> {
  return m.ctx.transact(async (tx) => {
    await conversationOf(m, tx, conversationId, callerId);
    const { messages, reports } = m.tables;
    const [message] = rowsOf<{ sender_id: number }>(
      await tx.execute(
        sql`select m.sender_id from ${messages} as m where m.id = ${messageId} and m.conversation_id = ${conversationId} and ${visibleTo(m.tables, callerId)}`,
      ),
    );
    if (!message) throw messageNotFound();
    if (Number(message.sender_id) === callerId) throw cannotReportOwn();
    const [made] = await tx
      .insert(reports)
      .values({ messageId, reporterId: callerId, reason: body.reason, note: body.note })
      .onConflictDoNothing({ target: [reports.messageId, reports.reporterId] })
      .returning({ id: reports.id });
    if (!made) throw alreadyReported();
    return made.id;
  });
}
