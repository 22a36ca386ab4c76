/**
 * Conversations as one caller sees them (`conversationSchema`): members with names from the member
 * snapshot, the newest message the caller may see, their unread count and read mark. The read and
 * delivered marks of a member whose membership is a request (or was declined) are null to everyone
 * else: the sender of a request sees exactly what an unanswered conversation shows.
 */
import type { Conversation, ConversationMember } from '@kora/contracts';
import { memberViews, rowsOf, type DbOrTx } from '@kora/platform/service';
import { inArray, sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import type { MemberRow } from '../db/schema.js';
import { messagesJson } from '../messages/view.js';
import { visibleTo } from '../messages/visibility.js';

const mark = (id: number) => (id > 0 ? id : null);

function memberJson(
  row: MemberRow,
  callerId: number,
  view: { username: string; displayName: string; profileImage: string },
): ConversationMember {
  const hidden = row.userId !== callerId && (row.state === 'request' || row.state === 'declined');
  return {
    id: row.userId,
    username: view.username,
    name: view.displayName,
    profileImage: view.profileImage,
    active: row.state !== 'left',
    readUpTo: hidden ? null : mark(row.lastReadId),
    deliveredUpTo: hidden ? null : mark(row.lastDeliveredId),
  };
}

/** The caller's view of each of `ids` they are in, in the order of `ids`. */
export async function conversationViews(m: Messages, db: DbOrTx, callerId: number, ids: number[]): Promise<Conversation[]> {
  if (ids.length === 0) return [];
  const { conversations, conversationMembers, messages } = m.tables;
  const [rows, members, marks] = await Promise.all([
    db.select().from(conversations).where(inArray(conversations.id, ids)),
    db
      .select()
      .from(conversationMembers)
      .where(inArray(conversationMembers.conversationId, ids))
      .orderBy(conversationMembers.joinedAt, conversationMembers.userId),
    db.execute(sql`
      select cm.conversation_id,
        (select m.id from ${messages} as m where m.conversation_id = cm.conversation_id and ${visibleTo(m.tables, callerId)}
          order by m.id desc limit 1) as last_id,
        (select count(*)::int from ${messages} as m where m.conversation_id = cm.conversation_id and m.id > cm.last_read_id
          and m.sender_id <> ${callerId} and m.deleted_at is null and ${visibleTo(m.tables, callerId)}) as unread
      from ${conversationMembers} as cm
      where cm.user_id = ${callerId} and cm.conversation_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  ]);
  const counts = new Map(
    rowsOf<{ conversation_id: number; last_id: number | null; unread: number }>(marks).map((r) => [
      Number(r.conversation_id),
      { lastId: r.last_id === null ? null : Number(r.last_id), unread: Number(r.unread) },
    ]),
  );
  const lastIds = [...counts.values()].map((c) => c.lastId).filter((id): id is number => id !== null);
  const lastRows = lastIds.length === 0 ? [] : await db.select().from(messages).where(inArray(messages.id, lastIds));
  const lastJson = new Map((await messagesJson(db, m.tables, lastRows)).map((msg) => [msg.id, msg]));
  const view = await memberViews(db, m.tables.members, [...new Set(members.map((r) => r.userId))], m.now());
  const byId = new Map(rows.map((r) => [r.id, r]));

  return ids.flatMap((id): Conversation[] => {
    const row = byId.get(id);
    const own = members.find((r) => r.conversationId === id && r.userId === callerId);
    if (!row || !own) return [];
    const count = counts.get(id);
    return [
      {
        id,
        kind: row.kind,
        title: row.title,
        creatorId: row.creatorId,
        folder: own.state === 'request' ? 'requests' : 'inbox',
        members: members.filter((r) => r.conversationId === id).map((r) => memberJson(r, callerId, view(r.userId))),
        lastMessage: (count?.lastId != null && lastJson.get(count.lastId)) || null,
        lastActivityAt: row.lastActivityAt.toISOString(),
        unreadCount: count?.unread ?? 0,
        lastReadId: own.lastReadId,
      },
    ];
  });
}

export async function conversationView(m: Messages, db: DbOrTx, callerId: number, id: number): Promise<Conversation> {
  const [view] = await conversationViews(m, db, callerId, [id]);
  if (!view) throw new Error(`conversation ${id} has no view for member ${callerId}`);
  return view;
}
