/**
 * The statement that answers a page of a member's conversation list (decision 039): inbox or
 * requests, newest activity first, keyset-paged by (last activity, id); `q` matches the group's
 * name and the other members' names and usernames. A direct conversation with a member a block
 * keeps apart from the caller is left out. Each row carries the whole conversation as the caller
 * sees it (view-sql.ts). Built once per schema and shape of the query; exported for the bench to
 * run bare (queries.ts).
 */
import { preparedSql, timeKeySql, type PreparedSql } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { MessagesTables } from '../db/schema.js';
import { conversationRowsSql, pickedColumnsSql } from './view-sql.js';

export interface ConversationListShape {
  /** A search (`like` given). */
  q: boolean;
  /** A page after a cursor (`at`, `id` given). */
  after: boolean;
}

export interface ConversationListValues extends Record<string, unknown> {
  viewer: number;
  /** `active` (the inbox) or `request` (requests). */
  state: 'active' | 'request';
  limit: number;
  /** `%<escaped q>%` when searching. */
  like?: string | undefined;
  at?: string | undefined;
  id?: number | undefined;
}

export function conversationListSql(tables: MessagesTables, shape: ConversationListShape): SQL {
  const { conversations, conversationMembers, members, blocks } = tables;
  const viewer = sql`${sql.placeholder('viewer')}::int8`;
  const like = sql`${sql.placeholder('like')}::text`;
  const matches = shape.q
    ? sql`and (c.title ilike ${like} or exists (
          select 1 from ${conversationMembers} as o join ${members} as s on s.user_id = o.user_id
          where o.conversation_id = c.id and o.user_id <> ${viewer} and o.state <> 'declined'
            and (s.username ilike ${like} or s.display_name ilike ${like})))`
    : sql``;
  const picked = sql`
    select ${pickedColumnsSql}, ${timeKeySql(sql`c.last_activity_at`)} as key
    from ${conversationMembers} as cm join ${conversations} as c on c.id = cm.conversation_id
    where cm.user_id = ${viewer} and cm.state = ${sql.placeholder('state')}::text
      and (c.kind = 'group' or not exists (
        select 1 from ${conversationMembers} as o join ${blocks} as b
          on (b.blocker_id = ${viewer} and b.blocked_id = o.user_id) or (b.blocked_id = ${viewer} and b.blocker_id = o.user_id)
        where o.conversation_id = c.id and o.user_id <> ${viewer}))
      ${matches}
      ${shape.after ? sql`and (c.last_activity_at, c.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::int8)` : sql``}
    order by c.last_activity_at desc, c.id desc
    limit ${sql.placeholder('limit')}::int8`;
  return conversationRowsSql(tables, viewer, picked);
}

const statementsByTables = new WeakMap<MessagesTables, Map<string, PreparedSql<ConversationListValues>>>();

export function conversationListStatement(tables: MessagesTables, shape: ConversationListShape): PreparedSql<ConversationListValues> {
  let statements = statementsByTables.get(tables);
  if (!statements) statementsByTables.set(tables, (statements = new Map<string, PreparedSql<ConversationListValues>>()));
  const key = `${shape.q}:${shape.after}`;
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = preparedSql<ConversationListValues>(conversationListSql(tables, shape))));
  return statement;
}
