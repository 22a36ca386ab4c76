/**
 * GET /api/messages/conversations: the caller's inbox or requests, newest activity first, paged
 * by the keyset cursor of decision 015 (last activity, id). `q` matches the group's name and the
 * members' names and usernames. A direct conversation with a member a block keeps apart from the
 * caller is left out (decision 039: a block hides the pair's conversations). One statement reads
 * the page with everything its answer shows (list-sql.ts).
 */
import type { Conversation, ConversationFolder } from '@kora/contracts';
import { decodeCursor, encodeCursor, escapeLike } from '@kora/platform/service';
import type { Messages } from '../context.js';
import { cursorInvalid } from '../errors.js';
import { conversationListStatement } from './list-sql.js';
import { conversationOfRow } from './view.js';
import type { ConversationRowColumns } from './view-sql.js';

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
  const q = query.q?.trim() ?? '';
  const rows = await conversationListStatement(m.tables, { q: q !== '', after: after !== null }).rows<ConversationRowColumns>(m.ctx.db, {
    viewer: callerId,
    state: query.folder === 'requests' ? 'request' : 'active',
    limit: query.limit + 1,
    like: `%${escapeLike(q)}%`,
    at: after?.[0],
    id: after?.[1],
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > query.limit && last ? encodeCursor([last.key!, Number(last.conversation_id)]) : null;
  return { items: page.map((row) => conversationOfRow(row, callerId)), nextCursor };
}
