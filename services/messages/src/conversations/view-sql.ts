/**
 * Conversations as one caller sees them, read in one statement: for each membership row of the
 * caller that `picked` selects, the conversation, the caller's mark and unread count (capped:
 * unread-count.ts), the newest message they may see (with what its answer needs: message-sql.ts)
 * and every member with their name from the member snapshot. `picked` answers the columns of
 * `pickedColumnsSql` and a `key` (the list's cursor key, or null) for the caller's rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { epochMs } from '../db/epoch-ms.js';
import type { MemberState, MessagesTables } from '../db/schema.js';
import { messageColumnsSql, type MessageColumns } from '../messages/message-sql.js';
import { unreadCountSql } from '../messages/unread-count.js';
import { visibleTo } from '../messages/visibility.js';

/** What `picked` selects from `conversation_members as cm join conversations as c`. */
export const pickedColumnsSql = sql`c.id as conversation_id, c.kind, c.title, c.creator_id, c.last_activity_at,
  ${epochMs('c.last_activity_at')} as activity_ms, cm.state, cm.last_read_id`;

export interface ConversationMemberColumns {
  userId: number;
  state: MemberState;
  lastReadId: number;
  lastDeliveredId: number;
  /** Null while the member snapshot does not know them. */
  username: string | null;
  name: string | null;
  image: string | null;
}

export interface ConversationRowColumns extends Partial<MessageColumns> {
  conversation_id: number;
  key: string | null;
  kind: 'direct' | 'group';
  title: string | null;
  creator_id: number;
  activity_ms: number;
  state: MemberState;
  last_read_id: number;
  unread: number;
  members: ConversationMemberColumns[];
}

export function conversationRowsSql(tables: MessagesTables, viewer: SQL, picked: SQL): SQL {
  const { messages, conversationMembers, members } = tables;
  return sql`
    select cm.conversation_id, cm.key, cm.kind, cm.title, cm.creator_id, cm.activity_ms, cm.state, cm.last_read_id,
      ${unreadCountSql(tables, viewer)} as unread,
      (select json_agg(json_build_object('userId', o.user_id, 'state', o.state, 'lastReadId', o.last_read_id,
          'lastDeliveredId', o.last_delivered_id, 'username', s.username, 'name', s.display_name, 'image', s.profile_image)
          order by o.joined_at, o.user_id)
        from ${conversationMembers} as o
        -- One index probe per member (limit 1 keeps the planner from hashing the whole snapshot per conversation).
        left join lateral (select s.username, s.display_name, s.profile_image from ${members} as s where s.user_id = o.user_id limit 1) as s on true
        where o.conversation_id = cm.conversation_id) as members,
      lm.*
    from (${picked}) as cm
    left join lateral (
      select ${messageColumnsSql(tables)}
      from ${messages} as m left join ${messages} as r on r.id = m.reply_to_id
      where m.conversation_id = cm.conversation_id and ${visibleTo(tables, viewer)}
      order by m.id desc limit 1
    ) as lm on true
    order by cm.last_activity_at desc, cm.conversation_id desc`;
}
