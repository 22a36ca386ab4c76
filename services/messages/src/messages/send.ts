/**
 * POST /api/messages/conversations/{id}/messages (decision 039). The client names each send with a
 * UUID: a repeat by the same sender (a retry, or two at once) answers the stored message (200)
 * instead of adding another; the unique (sender_id, client_id) decides, so concurrent repeats
 * store one row. In a direct conversation a block either way refuses every send (403), and so does
 * the recipient's policy while they have not accepted the conversation. After the recipient
 * declined, sends are stored for the sender alone and nothing tells them. A video must be the
 * sender's and not failed (`attach-video.ts`).
 */
import { mediaTypeOf, messageLimits, textLength, type Message, type MessageMedia } from '@kora/contracts';
import { isBlockedBetween, rowsOf, type Tx } from '@kora/platform/service';
import { and, eq, sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import type { MemberRow } from '../db/schema.js';
import { conversationOf, membersOf } from '../conversations/access.js';
import { audienceOf } from '../conversations/audience.js';
import { bodyEmpty, bodyTooLong, cantMessage, photosOrVideo, replyNotFound } from '../errors.js';
import { admissionOf } from '../rules/may-message.js';
import { requireSendableVideo } from './attach-video.js';
import { messagesJson } from './view.js';
import { visibleTo } from './visibility.js';

export interface SendMessage {
  clientId: string;
  body: string;
  media: { url: string }[];
  replyToId?: number | null | undefined;
}

export function checkedMedia(media: { url: string }[]): MessageMedia[] {
  const items = media.map((item): MessageMedia => ({ url: item.url, type: mediaTypeOf(item.url), posterUrl: null }));
  const videos = items.filter((item) => item.type === 'video').length;
  if (videos > 1 || (videos === 1 && items.length > 1)) throw photosOrVideo();
  return items;
}

export async function sendMessage(
  m: Messages,
  callerId: number,
  conversationId: number,
  input: SendMessage,
): Promise<{ message: Message; created: boolean }> {
  const body = input.body.trim();
  const media = checkedMedia(input.media);
  if (body === '' && media.length === 0) throw bodyEmpty();
  if (textLength(body) > messageLimits.maxBody) throw bodyTooLong();

  return m.ctx.transact(async (tx, emit) => {
    const t = m.tables.messages;
    // The checks first, without the conversation's lock: sends into one conversation wait for each
    // other only while the message takes its id and is announced (below).
    const { conversation } = await conversationOf(m, tx, conversationId, callerId);
    const repeat = await storedSend(m, tx, callerId, input.clientId);
    if (repeat) return { message: repeat, created: false };

    const members = await membersOf(m, tx, conversationId);
    if (conversation.kind === 'direct') await requireMayContinue(m, tx, callerId, members);
    if (input.replyToId != null) {
      const replied = await tx.execute(
        sql`select 1 from ${t} as m where m.id = ${input.replyToId} and m.conversation_id = ${conversationId} and ${visibleTo(m.tables, callerId)}`,
      );
      if (rowsOf(replied).length === 0) throw replyNotFound();
    }
    for (const item of media) if (item.type === 'video') await requireSendableVideo(m, tx, callerId, item.url);
    // Nobody else can receive it (the recipient declined or left): it is the sender's alone.
    const reachable = members.some((r) => r.userId !== callerId && (r.state === 'active' || r.state === 'request'));
    const after = members.map((r) => (r.userId === callerId ? { ...r, state: 'active' as const } : r));
    // A message for the sender alone reaches only their own tabs.
    const audience = !reachable ? { memberIds: [callerId], notifyIds: [] } : await audienceOf(m, tx, after, callerId);

    // The lock (and the caller still in the conversation under it): ids are taken in commit order.
    await conversationOf(m, tx, conversationId, callerId, { lock: true });
    const [row] = await tx
      .insert(t)
      .values({
        conversationId,
        senderId: callerId,
        clientId: input.clientId,
        body,
        media,
        replyToId: input.replyToId ?? null,
        senderOnly: !reachable,
      })
      .onConflictDoNothing({ target: [t.senderId, t.clientId] })
      .returning();
    if (!row) {
      // A concurrent repeat committed first: its row is the answer.
      const stored = await storedSend(m, tx, callerId, input.clientId);
      return { message: stored!, created: false };
    }
    const { conversations, conversationMembers: cm } = m.tables;
    await tx
      .update(conversations)
      .set({ lastMessageId: row.id, lastActivityAt: row.createdAt })
      .where(eq(conversations.id, conversationId));
    // Writing in a request you received accepts it; the sender has read and received their own message.
    await tx
      .update(cm)
      .set({
        state: 'active',
        lastReadId: sql`greatest(${cm.lastReadId}, ${row.id})`,
        lastDeliveredId: sql`greatest(${cm.lastDeliveredId}, ${row.id})`,
      })
      .where(and(eq(cm.conversationId, conversationId), eq(cm.userId, callerId)));
    const [message] = await messagesJson(tx, m.tables, [row]);
    emit({
      type: 'message.sent',
      aggregateId: conversationId,
      actorId: callerId,
      payload: { conversationId, ...audience, message: message!, title: conversation.title },
    });
    return { message: message!, created: true };
  });
}

/** The sender's earlier send with this client id, if any (wherever it went: the id is theirs). */
async function storedSend(m: Messages, tx: Tx, senderId: number, clientId: string): Promise<Message | undefined> {
  const t = m.tables.messages;
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.senderId, senderId), eq(t.clientId, clientId)));
  return row ? (await messagesJson(tx, m.tables, [row]))[0] : undefined;
}

/** The other member of a direct conversation: never across a block; their policy rules until they accepted. */
async function requireMayContinue(m: Messages, tx: Tx, callerId: number, members: MemberRow[]): Promise<void> {
  const other = members.find((r) => r.userId !== callerId);
  if (!other) return;
  if (other.state === 'active') {
    if (await isBlockedBetween(tx, m.tables.blocks, callerId, other.userId)) throw cantMessage();
    return;
  }
  if ((await admissionOf(tx, m.tables, callerId, other.userId)) === 'refused') throw cantMessage();
}
