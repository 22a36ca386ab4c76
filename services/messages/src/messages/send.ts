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
import type { DbOrTx } from '@kora/platform/service';
import { and, eq } from 'drizzle-orm';
import type { Messages } from '../context.js';
import type { VideoRow } from '../db/schema.js';
import { audienceFrom, isInConversation } from '../conversations/audience.js';
import { bodyEmpty, bodyTooLong, cantMessage, conversationNotFound, photosOrVideo, replyNotFound } from '../errors.js';
import { admission } from '../rules/may-message.js';
import { requireSendableVideo } from './attach-video.js';
import { sendStatements, type SendCheckMember, type SendCheckRow } from './send-sql.js';
import { messageJson, messagesJson } from './view.js';

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
  const replyToId = input.replyToId ?? null;
  const statements = sendStatements(m.tables);

  // The checks first, without the conversation's lock (and outside the transaction: each statement
  // reads what is committed when it starts either way): sends into one conversation wait for each
  // other only while the message takes its id and is announced (below).
  const [checks] = await statements.checks.rows<SendCheckRow>(m.ctx.db, {
    conversation: conversationId,
    caller: callerId,
    clientId: input.clientId,
    replyTo: replyToId,
  });
  if (!checks || !isInConversation(checks.own_state)) throw conversationNotFound();
  if (checks.stored_id !== null) return { message: await storedSend(m, m.ctx.db, callerId, input.clientId), created: false };
  const members = checks.members;
  if (checks.kind === 'direct') requireMayContinue(callerId, members);
  if (replyToId !== null && !checks.reply) throw replyNotFound();
  // Nobody else can receive it (the recipient declined or left): it is the sender's alone.
  const reachable = members.some((r) => r.userId !== callerId && isInConversation(r.state));
  // Whom its events are for (the sender counts as in it: writing in a request accepts it).
  const audience = reachable ? audienceFrom(members, callerId) : { memberIds: [callerId], notifyIds: [] };

  return m.ctx.transact(async (tx, emit) => {
    const videos = new Map<string, VideoRow>();
    for (const item of media) if (item.type === 'video') videos.set(item.url, await requireSendableVideo(m, tx, callerId, item.url));
    // The lock (and the caller still in the conversation under it): ids are taken in commit order.
    const [stored] = await statements.store.rows<{ member: boolean; id: number | null; created_ms: number | null }>(tx, {
      conversation: conversationId,
      caller: callerId,
      clientId: input.clientId,
      body,
      media: JSON.stringify(media),
      replyTo: replyToId,
      senderOnly: !reachable,
    });
    if (!stored?.member) throw conversationNotFound();
    // A concurrent repeat committed first: its row is the answer.
    if (stored.id === null) return { message: await storedSend(m, tx, callerId, input.clientId), created: false };
    const row = {
      id: Number(stored.id),
      conversationId,
      senderId: callerId,
      clientId: input.clientId,
      body,
      media,
      replyToId,
      senderOnly: !reachable,
      deletedAt: null,
      createdAt: new Date(Number(stored.created_ms)),
    };
    const reply = checks.reply;
    const replied = reply
      ? {
          id: replyToId!,
          senderId: reply.senderId,
          body: reply.body,
          deletedAt: reply.deletedMs === null ? null : new Date(reply.deletedMs),
        }
      : undefined;
    const message = messageJson(row, videos, replied);
    emit({
      type: 'message.sent',
      aggregateId: conversationId,
      actorId: callerId,
      payload: { conversationId, ...audience, message, title: checks.title },
    });
    return { message, created: true };
  });
}

/** The sender's earlier send with this client id (wherever it went: the id is theirs). */
async function storedSend(m: Messages, db: DbOrTx, senderId: number, clientId: string): Promise<Message> {
  const t = m.tables.messages;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.senderId, senderId), eq(t.clientId, clientId)));
  return (await messagesJson(db, m.tables, [row!]))[0]!;
}

/** The other member of a direct conversation: never across a block; their policy rules until they accepted. */
function requireMayContinue(callerId: number, members: SendCheckMember[]): void {
  const other = members.find((r) => r.userId !== callerId);
  if (!other) return;
  if (other.apart) throw cantMessage();
  if (other.state === 'active') return;
  if (admission({ blocked: false, policy: other.policy ?? 'everyone', friends: other.friend === true }) === 'refused') throw cantMessage();
}
