/**
 * The statement that reads a page of messages (decision 039): the messages a member sees of one
 * conversation, newest first from `before` (or the newest), or oldest first from `after` (a
 * catch-up), each with the message it replies to and its video's state (message-sql.ts). It
 * answers nothing to someone outside the conversation. Built once per schema and shape of the query;
 * exported for the bench to run bare (queries.ts).
 */
import { preparedSql, type PreparedSql } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { MessagesTables } from '../db/schema.js';
import { messageColumnsSql } from './message-sql.js';
import { visibleTo } from './visibility.js';

export interface MessagePageQuery {
  before?: number | undefined;
  after?: number | undefined;
  limit: number;
}

/** The values a page statement takes (`before`, `after` only in the statements made for them). */
export interface MessagePageValues extends Record<string, unknown> {
  viewer: number;
  conversation: number;
  limit: number;
  before?: number | undefined;
  after?: number | undefined;
}

/** True when the page reads forward (oldest first): a catch-up from a last seen id. */
export const readsForward = (query: Pick<MessagePageQuery, 'before' | 'after'>) => query.after !== undefined && query.before === undefined;

export function messagePageSql(tables: MessagesTables, query: Pick<MessagePageQuery, 'before' | 'after'>): SQL {
  const { messages, conversationMembers } = tables;
  const viewer = sql`${sql.placeholder('viewer')}::int8`;
  const conversation = sql`${sql.placeholder('conversation')}::int8`;
  return sql`
    select ${messageColumnsSql(tables)}
    from ${messages} as m left join ${messages} as r on r.id = m.reply_to_id
    where m.conversation_id = ${conversation} and ${visibleTo(tables, viewer)}
      and exists (select 1 from ${conversationMembers} as cm
        where cm.conversation_id = ${conversation} and cm.user_id = ${viewer} and cm.state in ('active', 'request'))
      ${query.before !== undefined ? sql`and m.id < ${sql.placeholder('before')}::int8` : sql``}
      ${query.after !== undefined ? sql`and m.id > ${sql.placeholder('after')}::int8` : sql``}
    order by m.id ${readsForward(query) ? sql`asc` : sql`desc`}
    limit ${sql.placeholder('limit')}::int8`;
}

const statementsByTables = new WeakMap<MessagesTables, Map<string, PreparedSql<MessagePageValues>>>();

export function messagePageStatement(tables: MessagesTables, query: MessagePageQuery): PreparedSql<MessagePageValues> {
  let statements = statementsByTables.get(tables);
  if (!statements) statementsByTables.set(tables, (statements = new Map<string, PreparedSql<MessagePageValues>>()));
  const shape = `${query.before !== undefined}:${query.after !== undefined}`;
  let statement = statements.get(shape);
  if (!statement) statements.set(shape, (statement = preparedSql<MessagePageValues>(messagePageSql(tables, query))));
  return statement;
}
