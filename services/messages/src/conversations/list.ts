/**
 * GET /api/messages/conversations: the caller's inbox or requests, newest activity first, paged
 * by the keyset cursor of decision 015 (last activity, id). `q` matches the group's name and the
 * members' names and usernames. A direct conversation with a member a block keeps apart from the
 * caller is left out (decision 039: a block hides the pair's conversations).
 */
import type { Conversation, ConversationFolder } from '@kora/contracts';
import { decodeCursor, encodeCursor, rowsOf } from '@kora/platform/service';
import type { Messages } from '../context.js';
import { cursorInvalid } from '../errors.js';
import { conversationListSql } from './list-sql.js';
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
  const after = decodeCursor(query.cursor, ['time', 'id'], cursorInvalid);
  const rows = rowsOf<{ id: number; key: string }>(
    await m.ctx.db.execute(conversationListSql(m.tables, callerId, { folder: query.folder, q: query.q, after, limit: query.limit + 1 })),
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
