/**
 * GET /api/messages/conversations/{id}/messages (decision 039). Order is the message id (one
 * sequence: every member sees the same order). Without `before` or `after`: the newest page;
 * `before`: the page just older than that id; `after`: the messages just newer than a last seen id
 * (a reconnecting client's catch-up), oldest first, so repeating it from the last id of each page
 * reads everything once. Every page is answered oldest first (ascending ids).
 */
import type { Message } from '@kora/contracts';
import type { Messages } from '../context.js';
import { conversationOf } from '../conversations/access.js';
import { messageOfRow, type MessageColumns } from './message-sql.js';
import { messagePageStatement, readsForward, type MessagePageQuery } from './page-sql.js';

export async function messagePage(m: Messages, callerId: number, conversationId: number, query: MessagePageQuery): Promise<Message[]> {
  const rows = await messagePageStatement(m.tables, query).rows<MessageColumns>(m.ctx.db, {
    viewer: callerId,
    conversation: conversationId,
    limit: query.limit,
    before: query.before,
    after: query.after,
  });
  // The statement answers nothing to someone outside the conversation: only an empty page asks which it was.
  if (rows.length === 0) await conversationOf(m, m.ctx.db, conversationId, callerId);
  const messages = rows.map(messageOfRow);
  return readsForward(query) ? messages : messages.reverse();
}
