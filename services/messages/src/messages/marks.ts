/**
 * Read and delivered marks (decision 039). A mark only moves forward and never past the
 * conversation's newest message. While the caller's membership is a request, the mark is kept but
 * not announced (and others read it as null): the sender cannot tell a request from an unread
 * conversation. Once accepted, marks flow.
 */
import type { UnreadAnswer } from '@kora/contracts';
import { rowsOf, type DbOrTx } from '@kora/platform/service';
import { and, eq, sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { conversationOf, membersOf } from '../conversations/access.js';
import { audienceOf } from '../conversations/audience.js';
import { visibleTo } from './visibility.js';

type Mark = 'read' | 'delivered';

/** Moves the caller's mark up to `messageId`; answers the mark now kept. */
export async function markConversation(
  m: Messages,
  callerId: number,
  conversationId: number,
  messageId: number,
  kind: Mark,
): Promise<number> {
  return m.ctx.transact(async (tx, emit) => {
    const { conversation, membership } = await conversationOf(m, tx, conversationId, callerId);
    const cm = m.tables.conversationMembers;
    const column = kind === 'read' ? cm.lastReadId : cm.lastDeliveredId;
    const before = kind === 'read' ? membership.lastReadId : membership.lastDeliveredId;
    const upTo = Math.min(messageId, conversation.lastMessageId ?? 0);
    if (upTo <= before) return before;
    // Reading implies having received.
    const set =
      kind === 'read' ? { lastReadId: upTo, lastDeliveredId: sql`greatest(${cm.lastDeliveredId}, ${upTo})` } : { lastDeliveredId: upTo };
    await tx
      .update(cm)
      .set(set)
      .where(and(eq(cm.conversationId, conversationId), eq(cm.userId, callerId), sql`${column} < ${upTo}`));
    if (membership.state === 'active') {
      const { memberIds } = await audienceOf(m, tx, await membersOf(m, tx, conversationId), callerId);
      if (kind === 'read') {
        emit({
          type: 'conversation.read',
          aggregateId: conversationId,
          actorId: callerId,
          payload: { conversationId, memberIds, userId: callerId, readUpTo: upTo },
        });
      } else {
        emit({
          type: 'conversation.delivered',
          aggregateId: conversationId,
          actorId: callerId,
          payload: { conversationId, memberIds, userId: callerId, deliveredUpTo: upTo },
        });
      }
    }
    return upTo;
  });
}

/** The top bar's badge: unread messages across the inbox, inbox conversations with any, and requests waiting. */
export async function unreadOf(m: Messages, db: DbOrTx, callerId: number): Promise<UnreadAnswer> {
  const { conversationMembers, messages, conversations, blocks } = m.tables;
  const [row] = rowsOf<{ unread_total: number; conversations: number; requests: number }>(
    await db.execute(sql`
      with mine as (
        select cm.conversation_id, cm.state, cm.last_read_id from ${conversationMembers} as cm
        join ${conversations} as c on c.id = cm.conversation_id
        where cm.user_id = ${callerId} and cm.state in ('active', 'request')
          and (c.kind = 'group' or not exists (
            select 1 from ${conversationMembers} as o join ${blocks} as b
              on (b.blocker_id = ${callerId} and b.blocked_id = o.user_id) or (b.blocked_id = ${callerId} and b.blocker_id = o.user_id)
            where o.conversation_id = c.id and o.user_id <> ${callerId}))
      ), counts as (
        select mine.state, (select count(*)::int from ${messages} as m where m.conversation_id = mine.conversation_id
          and m.id > mine.last_read_id and m.sender_id <> ${callerId} and m.deleted_at is null and ${visibleTo(m.tables, callerId)}) as unread
        from mine
      )
      select coalesce(sum(unread) filter (where state = 'active'), 0)::int as unread_total,
        (count(*) filter (where state = 'active' and unread > 0))::int as conversations,
        (count(*) filter (where state = 'request'))::int as requests
      from counts`),
  );
  return {
    unreadTotal: Number(row?.unread_total ?? 0),
    conversations: Number(row?.conversations ?? 0),
    requests: Number(row?.requests ?? 0),
  };
}
