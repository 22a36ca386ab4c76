/**
 * Which messages of a conversation a member sees, as one SQL condition on a `messages` row: not
 * one stored for its sender alone (sent after the recipient declined) unless the member sent it,
 * and not one whose sender a block keeps apart from the member (in a group, the blocked member's
 * messages are left out of the blocker's pages, lists and counts, and the other way round).
 */
import { notBlockedWith } from '@kora/platform/service';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { MessagesTables } from '../db/schema.js';

export function visibleTo(tables: MessagesTables, viewerId: number | Placeholder | SQL, alias = 'm'): SQL {
  const senderId = sql.raw(`${alias}.sender_id`);
  const senderOnly = sql.raw(`${alias}.sender_only`);
  return sql`((not ${senderOnly} or ${senderId} = ${viewerId}) and ${notBlockedWith(tables.blocks, viewerId, senderId)})`;
}
