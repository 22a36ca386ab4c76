/**
 * A send's two statements (decision 039), each built once per schema. The checks read everything
 * the send decides by in one statement without the conversation's lock; the stored part takes the
 * lock, rechecks the caller's membership under it and stores the message in a second.
 */
import type { MessagePolicy } from '@kora/contracts';
import { notBlockedWith, preparedSql, type PreparedSql } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import { epochMs } from '../db/epoch-ms.js';
import type { MemberState, MessagesTables } from '../db/schema.js';
import { visibleTo } from './visibility.js';

export interface SendCheckValues extends Record<string, unknown> {
  conversation: number;
  caller: number;
  clientId: string;
  replyTo: number | null;
}

export interface SendCheckMember {
  userId: number;
  state: MemberState;
  /** A block either way keeps this member and the caller apart. */
  apart: boolean;
  /** In a direct conversation, the other member's message policy (null: none stored, `everyone`). */
  policy: MessagePolicy | null;
  /** In a direct conversation, whether the other member is the caller's friend. */
  friend: boolean | null;
}

export interface SendCheckRow {
  kind: 'direct' | 'group';
  title: string | null;
  /** The caller's membership state, null when they have none. */
  own_state: MemberState | null;
  members: SendCheckMember[];
  /** The caller's earlier send with this client id. */
  stored_id: number | null;
  /** The message replied to, when the caller may see it in this conversation. */
  reply: { senderId: number; body: string; deletedMs: number | null } | null;
}

export interface StoreValues extends Record<string, unknown> {
  conversation: number;
  caller: number;
  clientId: string;
  body: string;
  /** The media list as JSON text. */
  media: string;
  replyTo: number | null;
  senderOnly: boolean;
}

export interface StoreRow {
  /** The caller is still in the conversation under its lock. */
  member: boolean;
  /** The stored message; null when a send with this client id was stored first. */
  id: number | null;
  created_ms: number | null;
}

export interface SendStatements {
  checks: PreparedSql<SendCheckValues>;
  store: PreparedSql<StoreValues>;
}

const statementsByTables = new WeakMap<MessagesTables, SendStatements>();

export function sendStatements(tables: MessagesTables): SendStatements {
  let statements = statementsByTables.get(tables);
  if (!statements) {
    statements = { checks: preparedSql<SendCheckValues>(checksSql(tables)), store: preparedSql<StoreValues>(storeSql(tables)) };
    statementsByTables.set(tables, statements);
  }
  return statements;
}

function checksSql(tables: MessagesTables) {
  const { conversations, conversationMembers, messages, policies, friendships, blocks } = tables;
  const conversation = sql`${sql.placeholder('conversation')}::int8`;
  const caller = sql`${sql.placeholder('caller')}::int8`;
  const replyTo = sql`${sql.placeholder('replyTo')}::int8`;
  // Policy and friendship decide only for the other member of a direct conversation.
  const direct = sql`c.kind = 'direct' and o.user_id <> ${caller}`;
  return sql`
    select c.kind, c.title,
      (select cm.state from ${conversationMembers} as cm where cm.conversation_id = c.id and cm.user_id = ${caller}) as own_state,
      (select json_agg(json_build_object(
          'userId', o.user_id,
          'state', o.state,
          'apart', not ${notBlockedWith(blocks, caller, sql`o.user_id`)},
          'policy', case when ${direct} then (select p.message_policy from ${policies} as p where p.user_id = o.user_id) end,
          'friend', case when ${direct} then exists (select 1 from ${friendships} as f where f.user_id = ${caller} and f.friend_id = o.user_id) end
        ) order by o.joined_at, o.user_id)
        from ${conversationMembers} as o where o.conversation_id = c.id) as members,
      (select s.id from ${messages} as s where s.sender_id = ${caller} and s.client_id = ${sql.placeholder('clientId')}::uuid) as stored_id,
      (select json_build_object('senderId', m.sender_id, 'body', m.body, 'deletedMs', ${epochMs('m.deleted_at')})
        from ${messages} as m where m.id = ${replyTo} and m.conversation_id = c.id and ${visibleTo(tables, caller)}) as reply
    from ${conversations} as c
    where c.id = ${conversation}`;
}

/**
 * The conversation's row is locked first, then the caller's membership row, for update: a removal
 * or a leave committed while this waited for the lock is seen (the membership row is read again at
 * its newest version), so nobody outside the conversation stores a message in it. The message takes
 * its id only once both are locked: ids are taken in commit order. The conversation's last message
 * and the sender's own marks move with it.
 */
function storeSql(tables: MessagesTables) {
  const { conversations, conversationMembers, messages } = tables;
  const conversation = sql`${sql.placeholder('conversation')}::int8`;
  const caller = sql`${sql.placeholder('caller')}::int8`;
  return sql`
    with locked_conversation as (
      select c.id from ${conversations} as c where c.id = ${conversation} for update
    ), locked_member as (
      select cm.user_id from ${conversationMembers} as cm join locked_conversation as c on c.id = cm.conversation_id
      where cm.conversation_id = ${conversation} and cm.user_id = ${caller} and cm.state in ('active', 'request')
      for update of cm
    ), inserted as (
      insert into ${messages} (conversation_id, sender_id, client_id, body, media, reply_to_id, sender_only)
      select ${conversation}, ${caller}, ${sql.placeholder('clientId')}::uuid, ${sql.placeholder('body')}::text,
        ${sql.placeholder('media')}::jsonb, ${sql.placeholder('replyTo')}::int8, ${sql.placeholder('senderOnly')}::boolean
      from locked_member
      on conflict (sender_id, client_id) do nothing
      returning id, created_at
    ), touched as (
      update ${conversations} as c set last_message_id = i.id, last_activity_at = i.created_at
      from inserted as i where c.id = ${conversation}
    ), marked as (
      -- Writing in a request you received accepts it; the sender has read and received their own message.
      update ${conversationMembers} as cm
      set state = 'active', last_read_id = greatest(cm.last_read_id, i.id), last_delivered_id = greatest(cm.last_delivered_id, i.id)
      from inserted as i where cm.conversation_id = ${conversation} and cm.user_id = ${caller}
    )
    select exists (select 1 from locked_member) as member,
      (select i.id from inserted as i) as id,
      (select ${epochMs('i.created_at')} from inserted as i) as created_ms`;
}
