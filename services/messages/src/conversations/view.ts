/**
 * Conversations as one caller sees them (`conversationSchema`): members with names from the member
 * snapshot, the newest message the caller may see, their unread count and read mark, all read in
 * one statement (view-sql.ts). The read and delivered marks of a member whose membership is a
 * request (or was declined) are null to everyone else: the sender of a request sees exactly what an
 * unanswered conversation shows.
 */
import type { Conversation, ConversationMember } from '@kora/contracts';
import { preparedSql, unknownMemberView, type PreparedSql } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import type { MessagesTables } from '../db/schema.js';
import { messageOfRow, type MessageColumns } from '../messages/message-sql.js';
import { conversationRowsSql, pickedColumnsSql, type ConversationMemberColumns, type ConversationRowColumns } from './view-sql.js';

const mark = (id: number) => (id > 0 ? id : null);

function memberJson(row: ConversationMemberColumns, callerId: number): ConversationMember {
  const hidden = row.userId !== callerId && (row.state === 'request' || row.state === 'declined');
  const unknown = row.username === null ? unknownMemberView(row.userId) : undefined;
  return {
    id: row.userId,
    username: unknown?.username ?? row.username!,
    name: unknown?.displayName ?? row.name!,
    profileImage: unknown?.profileImage ?? row.image!,
    active: row.state !== 'left',
    readUpTo: hidden ? null : mark(row.lastReadId),
    deliveredUpTo: hidden ? null : mark(row.lastDeliveredId),
  };
}

/** One row of `conversationRowsSql` as the caller's view. */
export function conversationOfRow(row: ConversationRowColumns, callerId: number): Conversation {
  return {
    id: Number(row.conversation_id),
    kind: row.kind,
    title: row.title,
    creatorId: Number(row.creator_id),
    folder: row.state === 'request' ? 'requests' : 'inbox',
    members: row.members.map((member) => memberJson(member, callerId)),
    lastMessage: row.message_id == null ? null : messageOfRow(row as MessageColumns),
    lastActivityAt: new Date(Number(row.activity_ms)).toISOString(),
    unreadCount: Number(row.unread),
    lastReadId: Number(row.last_read_id),
  };
}

const statements = new WeakMap<MessagesTables, PreparedSql<{ viewer: number; conversation: number }>>();

function viewStatement(tables: MessagesTables) {
  let statement = statements.get(tables);
  if (!statement) {
    const viewer = sql`${sql.placeholder('viewer')}::int8`;
    const { conversationMembers, conversations } = tables;
    const picked = sql`select ${pickedColumnsSql}, null::text as key
      from ${conversationMembers} as cm join ${conversations} as c on c.id = cm.conversation_id
      where cm.user_id = ${viewer} and cm.conversation_id = ${sql.placeholder('conversation')}::int8`;
    statements.set(tables, (statement = preparedSql(conversationRowsSql(tables, viewer, picked))));
  }
  return statement;
}

/** The caller's view of a conversation they have a membership row in (the routes check they are in it). */
export async function conversationView(m: Messages, callerId: number, id: number): Promise<Conversation> {
  const [row] = await viewStatement(m.tables).rows<ConversationRowColumns>(m.ctx.db, { viewer: callerId, conversation: id });
  if (!row) throw new Error(`conversation ${id} has no view for member ${callerId}`);
  return conversationOfRow(row, callerId);
}
