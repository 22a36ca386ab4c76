/**
 * For each of a member's conversations in `ids`: the newest message they may see and their unread
 * count (capped: unread-count.ts). The list's one statement over messages; exported for the bench
 * to run bare (queries.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MessagesTables } from '../db/schema.js';
import { unreadCountSql } from '../messages/unread-count.js';
import { visibleTo } from '../messages/visibility.js';

export function conversationMarksSql(tables: MessagesTables, callerId: number, ids: number[]): SQL {
  return sql`
    select cm.conversation_id,
      (select m.id from ${tables.messages} as m where m.conversation_id = cm.conversation_id and ${visibleTo(tables, callerId)}
        order by m.id desc limit 1) as last_id,
      ${unreadCountSql(tables, callerId)} as unread
    from ${tables.conversationMembers} as cm
    where cm.user_id = ${callerId} and cm.conversation_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
}
