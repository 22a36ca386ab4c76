/**
 * The statement that picks a page of a member's conversation list (decision 039): inbox or
 * requests, newest activity first, keyset-paged by (last activity, id); `q` matches the group's
 * name and the other members' names and usernames. A direct conversation with a member a block
 * keeps apart from the caller is left out. Exported for the bench to run bare (queries.ts).
 */
import type { ConversationFolder } from '@kora/contracts';
import { escapeLike, timeKeySql } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { MessagesTables } from '../db/schema.js';

export interface ConversationListPage {
  folder: ConversationFolder;
  q?: string | undefined;
  /** The previous page's last (time key, id), or null for the first page. */
  after: readonly [string, number] | null;
  limit: number;
}

export function conversationListSql(tables: MessagesTables, callerId: number, page: ConversationListPage): SQL {
  const { conversations, conversationMembers, members, blocks } = tables;
  const state = page.folder === 'requests' ? 'request' : 'active';
  const q = page.q?.trim() ?? '';
  const like = `%${escapeLike(q)}%`;
  const matches =
    q === ''
      ? sql`true`
      : sql`(c.title ilike ${like} or exists (
          select 1 from ${conversationMembers} as o join ${members} as s on s.user_id = o.user_id
          where o.conversation_id = c.id and o.user_id <> ${callerId} and o.state <> 'declined'
            and (s.username ilike ${like} or s.display_name ilike ${like})))`;
  return sql`
    select c.id, ${timeKeySql(sql`c.last_activity_at`)} as key
    from ${conversationMembers} as cm join ${conversations} as c on c.id = cm.conversation_id
    where cm.user_id = ${callerId} and cm.state = ${state}
      and (c.kind = 'group' or not exists (
        select 1 from ${conversationMembers} as o join ${blocks} as b
          on (b.blocker_id = ${callerId} and b.blocked_id = o.user_id) or (b.blocked_id = ${callerId} and b.blocker_id = o.user_id)
        where o.conversation_id = c.id and o.user_id <> ${callerId}))
      and ${matches}
      ${page.after ? sql`and (c.last_activity_at, c.id) < (${page.after[0]}::timestamptz, ${page.after[1]})` : sql``}
    order by c.last_activity_at desc, c.id desc
    limit ${page.limit}`;
}
