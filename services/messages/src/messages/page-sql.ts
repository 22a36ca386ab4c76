/**
 * The statement that picks a page of messages (decision 039): the ids a member sees of one
 * conversation, newest first from `before` (or the newest), or oldest first from `after` (a
 * catch-up). The rows are then read by id. Exported for the bench to run bare (queries.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MessagesTables } from '../db/schema.js';
import { visibleTo } from './visibility.js';

export interface MessagePageQuery {
  before?: number | undefined;
  after?: number | undefined;
  limit: number;
}

/** True when the page reads forward (oldest first): a catch-up from a last seen id. */
export const readsForward = (query: MessagePageQuery) => query.after !== undefined && query.before === undefined;

export function messagePageSql(tables: MessagesTables, callerId: number, conversationId: number, query: MessagePageQuery): SQL {
  const t = tables.messages;
  return sql`
    select m.id from ${t} as m
    where m.conversation_id = ${conversationId} and ${visibleTo(tables, callerId)}
      ${query.before !== undefined ? sql`and m.id < ${query.before}` : sql``}
      ${query.after !== undefined ? sql`and m.id > ${query.after}` : sql``}
    order by m.id ${readsForward(query) ? sql`asc` : sql`desc`}
    limit ${query.limit}`;
}
