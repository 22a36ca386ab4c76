/**
 * The bell for messages (decision 039): one `message` notification per conversation and recipient.
 * Only the members the event names in `notifyIds` (inbox members, never a request's recipient), with
 * their "Messages" switch on, not between a blocked pair (decision 036), and not from a member the
 * recipient muted (decision 037). Each new message renews that row instead of adding one: the latest
 * sender becomes its actor and it tells of the newest message; a replayed or late older event
 * changes nothing. It is announced (`notification.created`) only when it changes what the member's
 * bell shows: a new row, or a read one that becomes unread again, which takes a new id (so it rises
 * to the top of the list and reaches the sockets as new, past their 'ready' count). A row still
 * unread is renewed quietly and keeps its id: the member's bell already counts the conversation,
 * the message itself reached their sockets as `message:new` (live/feed.ts), and the copy a client
 * holds stays the one the server marks read by id. A read mark at or past the message it tells of
 * reads it, so an open conversation leaves no bell count behind.
 */
import { inLocale, notificationMessage, OFFERED_LANGUAGES, type EventEnvelope, type EventPayload } from '@kora/contracts';
import { notBlockedWith, notMutedBy, preparedSql, type Emit, type PreparedSql, type Tx } from '@kora/platform/service';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import type { NotificationRow } from '../db/schema.js';
import { actorView } from '../projections/members.js';
import { wantsNotificationSql } from '../rules/wants-notification.js';
import { announce } from './store.js';

type Event<T extends 'message.sent' | 'conversation.read'> = EventEnvelope<EventPayload<T>>;

interface ToldRow {
  id: number;
  recipient_id: number;
  message: string;
  display_name: string | null;
  profile_image: string | null;
}

interface BellValues extends Record<string, unknown> {
  sender: number;
  notifyIds: number[];
  /** The English words, for a recipient who reads English or a language not offered. */
  text: string;
  /** The words in each offered language (texts[i] in languages[i]): each recipient gets theirs. */
  languages: string[];
  texts: string[];
  messageId: number;
  conversation: number;
  title: string | null;
  eventId: string;
  at: string;
}

/**
 * One statement for every recipient of the message: who may be told (switch, block, mute), the
 * quiet renewal of the rows still unread, the insert or renewal (new id, unread) of the others, and
 * the sender's snapshot for announcing those. Prepared once per schema (decision 040).
 */
function bellSql(tables: Notifications['tables']): PreparedSql<BellValues> {
  const { notifications: t, blocks, mutes, members, timezones: chosen } = tables;
  const p = (name: keyof BellValues & string) => sql.placeholder(name);
  const sender = sql`${p('sender')}::bigint`;
  const messageId = sql`${p('messageId')}::bigint`;
  const conversation = sql`${p('conversation')}::bigint`;
  const at = sql`${p('at')}::timestamptz`;
  return preparedSql<BellValues>(sql`
      with recipients as (
        select distinct r.id, coalesce(w.text, ${p('text')}::text) as message
        from unnest(${p('notifyIds')}::bigint[]) as r(id)
        left join ${chosen} as l on l.user_id = r.id
        left join unnest(${p('languages')}::text[], ${p('texts')}::text[]) as w(language, text) on w.language = l.language
        where r.id <> ${sender}
          and ${wantsNotificationSql(tables, sql`r.id`, 'message')}
          and ${notBlockedWith(blocks, sender, sql`r.id`)}
          and ${notMutedBy(mutes, sql`r.id`, sender)}
      ),
      quietly as (
        update ${t} set actor_id = ${sender}, message = rc.message, message_id = ${messageId},
          conversation_title = ${p('title')}::text, source_event_id = ${p('eventId')}::uuid, created_at = ${at}, seen_at = null
        from recipients as rc
        where type = 'message' and entity_id = ${conversation} and recipient_id = rc.id
          and read_at is null and message_id < ${messageId}
        returning recipient_id
      ),
      told as (
        insert into ${t} as n (recipient_id, type, actor_id, entity_type, entity_id, message, message_id, conversation_title, source_event_id, created_at)
        select id, 'message', ${sender}, 'conversation', ${conversation}, message, ${messageId},
          ${p('title')}::text, ${p('eventId')}::uuid, ${at}
        from recipients where id not in (select recipient_id from quietly)
        on conflict (recipient_id, entity_id) where type = 'message' do update set
          id = default, actor_id = excluded.actor_id, message = excluded.message, message_id = excluded.message_id,
          conversation_title = excluded.conversation_title, source_event_id = excluded.source_event_id,
          created_at = excluded.created_at, read_at = null, seen_at = null
        -- Only a newer message renews it: a replayed or late older event changes nothing.
        where n.message_id < excluded.message_id
        returning id, recipient_id, message
      )
      select told.id, told.recipient_id, told.message, m.display_name, m.profile_image
      from told left join ${members} as m on m.user_id = ${sender}`);
}

const bellByTables = new WeakMap<Notifications['tables'], PreparedSql<BellValues>>();

export async function messageSent(n: Notifications, tx: Tx, emit: Emit, event: Event<'message.sent'>): Promise<void> {
  const { conversationId, message, notifyIds, title } = event.payload;
  const senderId = message.senderId;
  // Nobody to tell (a request's recipient is never named): no statement at all.
  if (!notifyIds.some((id) => id !== senderId)) return;
  // Each recipient is told in the language they read: every offered one is written once here.
  const words = (language: string) => inLocale({ language }, () => notificationMessage('message', title ?? undefined));
  const text = words('en');
  const createdAt = new Date(message.createdAt);
  let bell = bellByTables.get(n.tables);
  if (!bell) bellByTables.set(n.tables, (bell = bellSql(n.tables)));
  const told = await bell.rows<ToldRow>(tx, {
    sender: senderId,
    notifyIds,
    text,
    languages: [...OFFERED_LANGUAGES],
    texts: OFFERED_LANGUAGES.map(words),
    messageId: message.id,
    conversation: conversationId,
    title,
    eventId: event.id,
    at: createdAt.toISOString(),
  });
  for (const { id, recipient_id: recipientId, message: said, display_name, profile_image } of told) {
    const row: NotificationRow = {
      id,
      recipientId,
      type: 'message',
      actorId: senderId,
      entityType: 'conversation',
      entityId: conversationId,
      message: said,
      postId: null,
      groupId: null,
      sourceEventId: event.id,
      createdAt,
      readAt: null,
      seenAt: null,
      mentionId: null,
      review: null,
      messageId: message.id,
      conversationTitle: title,
    };
    const member = display_name === null || profile_image === null ? null : { displayName: display_name, profileImage: profile_image };
    await announce(n, tx, emit, row, actorView(senderId, member));
  }
}

/** The member read the conversation up to `readUpTo`: their message notification is read if it tells of nothing newer. */
export async function conversationRead(n: Notifications, tx: Tx, event: Event<'conversation.read'>): Promise<void> {
  const { conversationId, userId, readUpTo } = event.payload;
  const t = n.tables.notifications;
  await tx
    .update(t)
    .set({ readAt: sql`now()`, seenAt: sql`coalesce(${t.seenAt}, now())` })
    .where(
      and(eq(t.recipientId, userId), eq(t.type, 'message'), eq(t.entityId, conversationId), lte(t.messageId, readUpTo), isNull(t.readAt)),
    );
}
