/**
 * GET /api/messages/conversations: the caller's inbox or requests, newest activity first, paged
 * by the keyset cursor of decision 015 (last activity, id). `q` matches the group's name and the
 * members' names and usernames. A direct conversation with a member a block keeps apart from the
 * caller is left out (decision 039: a block hides the pair's conversations).
 */
import type { Conversation, ConversationFolder } from '@kora/contracts';
import { decodeCursor, encodeCursor, escapeLike, rowsOf, timeKeySql } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { cursorInvalid } from '../errors.js';
import { conversationViews } from './view.js';

export interface ConversationListQuery {
  folder: ConversationFolder;
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

export async function listConversations(
  m: Messages,
  callerId: number,
  query: ConversationListQuery,
): Promise<{ items: Conversation[]; nextCursor: string | null }> {
  const { conversations, conversationMembers, members, blocks } = m.tables;
  const after = decodeCursor(query.cursor, ['time', 'id'], cursorInvalid);
  const state = query.folder === 'requests' ? 'request' : 'active';
  const q = query.q?.trim() ?? '';
  const like = `%${escapeLike(q)}%`;
  const matches =
    q === ''
      ? sql`true`
      : sql`(c.title ilike ${like} or exists (
          select 1 from ${conversationMembers} as o join ${members} as s on s.user_id = o.user_id
          where o.conversation_id = c.id and o.user_id <> ${callerId} and o.state <> 'declined'
            and (s.username ilike ${like} or s.display_name ilike ${like})))`;
  const rows = rowsOf<{ id: number; key: string }>(
    await m.ctx.db.execute(sql`
      select c.id, ${timeKeySql(sql`c.last_activity_at`)} as key
      from ${conversationMembers} as cm join ${conversations} as c on c.id = cm.conversation_id
      where cm.user_id = ${callerId} and cm.state = ${state}
        and (c.kind = 'group' or not exists (
          select 1 from ${conversationMembers} as o join ${blocks} as b
            on (b.blocker_id = ${callerId} and b.blocked_id = o.user_id) or (b.blocked_id = ${callerId} and b.blocker_id = o.user_id)
          where o.conversation_id = c.id and o.user_id <> ${callerId}))
        and ${matches}
        ${after ? sql`and (c.last_activity_at, c.id) < (${after[0]}::timestamptz, ${after[1]})` : sql``}
      order by c.last_activity_at desc, c.id desc
      limit ${query.limit + 1}`),
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > query.limit && last ? encodeCursor([last.key, Number(last.id)]) : null;
  return {
    items: await conversationViews(
      m,
      m.ctx.db,
      callerId,
      page.map((r) => Number(r.id)),
    ),
    nextCursor,
  };
}
