/**
 * Finding a conversation for a caller. Everyone outside it (and every admin: they get no route
 * into conversations) reads the same 404 "Conversation not found" as for one that does not exist,
 * so nobody learns that a conversation exists. A member who declined or left is outside it.
 */
import type { DbOrTx } from '@kora/platform/service';
import { and, eq, inArray } from 'drizzle-orm';
import type { Messages } from '../context.js';
import type { ConversationRow, MemberRow } from '../db/schema.js';
import { conversationNotFound } from '../errors.js';

export interface CallerConversation {
  conversation: ConversationRow;
  /** The caller's membership: `active` (inbox) or `request` (their Requests tab). */
  membership: MemberRow;
}

/** The states of a member who is in the conversation (the others are out of it). */
export const IN_STATES = ['active', 'request'] as const;

/**
 * The conversation and the caller's membership, or the 404. `lock` takes the conversation row's
 * lock for the transaction: sends into one conversation then take their ids in commit order, so
 * a catch-up from a last seen id never misses a message committed later with a smaller id.
 */
export async function conversationOf(
  m: Messages,
  db: DbOrTx,
  conversationId: number,
  callerId: number,
  options: { lock?: boolean } = {},
): Promise<CallerConversation> {
  const { conversations, conversationMembers: cm } = m.tables;
  // Locked, the conversation comes first: the membership read after it is the one the send relies on.
  const query = db.select().from(conversations).where(eq(conversations.id, conversationId));
  const [conversation] = options.lock ? await query.for('update') : await query;
  const [membership] = await db
    .select()
    .from(cm)
    .where(and(eq(cm.conversationId, conversationId), eq(cm.userId, callerId), inArray(cm.state, [...IN_STATES])));
  if (!conversation || !membership) throw conversationNotFound();
  return { conversation, membership };
}

export async function membersOf(m: Messages, db: DbOrTx, conversationId: number): Promise<MemberRow[]> {
  const cm = m.tables.conversationMembers;
  return db.select().from(cm).where(eq(cm.conversationId, conversationId)).orderBy(cm.joinedAt, cm.userId);
}
