/**
 * A member's unread messages in one conversation, as one SQL expression over a membership row
 * (`conversation_id`, `last_read_id` of alias `cm`). Counted up to UNREAD_COUNT_CAP only: the badge
 * and the list show "99+" beyond 99, and an uncapped count read a long unread history on every
 * list (docs/performance.md, messages).
 */
import { messageLimits } from '@kora/contracts';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { MessagesTables } from '../db/schema.js';
import { visibleTo } from './visibility.js';

export function unreadCountSql(tables: MessagesTables, callerId: number | Placeholder | SQL): SQL {
  return sql`(select count(*)::int from (select 1 from ${tables.messages} as m
    where m.conversation_id = cm.conversation_id and m.id > cm.last_read_id and m.sender_id <> ${callerId}
      and m.deleted_at is null and ${visibleTo(tables, callerId)}
    limit ${messageLimits.unreadCountCap}) as unread)`;
}
