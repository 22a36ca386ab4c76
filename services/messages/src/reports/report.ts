/**
 * A member reports a message they can see (decision 039): the report keeps the message's id, so
 * an admin sees that message and its sender and nothing else of the conversation. Reporting the
 * same message again answers the first report.
 */
import type { ReportReason } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { and, eq, sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { conversationOf } from '../conversations/access.js';
import { messageNotFound } from '../errors.js';
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
    const seen = rowsOf(
      await tx.execute(
        sql`select 1 from ${messages} as m where m.id = ${messageId} and m.conversation_id = ${conversationId} and ${visibleTo(m.tables, callerId)}`,
      ),
    );
    if (seen.length === 0) throw messageNotFound();
    const [made] = await tx
      .insert(reports)
      .values({ messageId, reporterId: callerId, reason: body.reason, note: body.note })
      .onConflictDoNothing({ target: [reports.messageId, reports.reporterId] })
      .returning({ id: reports.id });
    if (made) return made.id;
    const [first] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.messageId, messageId), eq(reports.reporterId, callerId)));
    return first!.id;
  });
}
