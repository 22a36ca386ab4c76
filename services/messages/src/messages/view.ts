/** A stored message as the API answers it (`messageSchema`), with the message it replies to and its video's state. */
import { excerpt, type Message } from '@kora/contracts';
import type { DbOrTx } from '@kora/platform/service';
import { inArray } from 'drizzle-orm';
import type { MessagesTables, MessageRow } from '../db/schema.js';
import { mediaJson, videoStates, type VideoStates } from './media.js';

type ReplyRow = Pick<MessageRow, 'id' | 'senderId' | 'body' | 'deletedAt'>;

export function messageJson(row: MessageRow, videos: VideoStates, replied?: ReplyRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    clientId: row.clientId,
    body: row.deletedAt ? '' : row.body,
    media: row.deletedAt ? [] : mediaJson(row.media, videos),
    replyTo:
      row.replyToId === null
        ? null
        : {
            id: row.replyToId,
            senderId: replied?.senderId ?? 0,
            excerpt: replied && !replied.deletedAt ? excerpt(replied.body) : '',
            deleted: !replied || replied.deletedAt !== null,
          },
    deleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The answers for `rows`, reading the messages they reply to in one query and their videos in another. */
export async function messagesJson(db: DbOrTx, tables: MessagesTables, rows: MessageRow[]): Promise<Message[]> {
  const replyIds = [...new Set(rows.map((r) => r.replyToId).filter((id): id is number => id !== null))];
  const t = tables.messages;
  const replied =
    replyIds.length === 0
      ? []
      : await db.select({ id: t.id, senderId: t.senderId, body: t.body, deletedAt: t.deletedAt }).from(t).where(inArray(t.id, replyIds));
  const byId = new Map(replied.map((r) => [r.id, r]));
  const videos = await videoStates(
    db,
    tables,
    rows.filter((r) => r.deletedAt === null).map((r) => r.media),
  );
  return rows.map((row) => messageJson(row, videos, row.replyToId === null ? undefined : byId.get(row.replyToId)));
}
