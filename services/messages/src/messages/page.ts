/**
 * GET /api/messages/conversations/{id}/messages (decision 039). Order is the message id (one
 * sequence: every member sees the same order). Without `before` or `after`: the newest page;
 * `before`: the page just older than that id; `after`: the messages just newer than a last seen id
 * (a reconnecting client's catch-up), oldest first, so repeating it from the last id of each page
 * reads everything once. Every page is answered oldest first (ascending ids).
 */
import type { Message } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { inArray, sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { conversationOf } from '../conversations/access.js';
import { messagesJson } from './view.js';
import { visibleTo } from './visibility.js';

export interface MessagePageQuery {
  before?: number | undefined;
  after?: number | undefined;
  limit: number;
}

export async function messagePage(m: Messages, callerId: number, conversationId: number, query: MessagePageQuery): Promise<Message[]> {
  const db = m.ctx.db;
  await conversationOf(m, db, conversationId, callerId);
  const t = m.tables.messages;
  const forward = query.after !== undefined && query.before === undefined;
  const range = sql.join(
    [
      query.before !== undefined ? sql`and m.id < ${query.before}` : sql``,
      query.after !== undefined ? sql`and m.id > ${query.after}` : sql``,
    ],
    sql` `,
  );
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      select m.id from ${t} as m
      where m.conversation_id = ${conversationId} and ${visibleTo(m.tables, callerId)} ${range}
      order by m.id ${forward ? sql`asc` : sql`desc`} limit ${query.limit}`),
  );
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(t)
    .where(
      inArray(
        t.id,
        ids.map((r) => Number(r.id)),
      ),
    )
    .orderBy(t.id);
  return messagesJson(db, m.tables, rows);
}
