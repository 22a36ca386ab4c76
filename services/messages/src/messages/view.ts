/** A stored message as the API answers it (`messageSchema`), with the message it replies to. */
import { excerpt, type Message } from '@kora/contracts';
import type { DbOrTx } from '@kora/platform/service';
import { inArray } from 'drizzle-orm';
import type { MessagesTables, MessageRow } from '../db/schema.js';

type ReplyRow = Pick<MessageRow, 'id' | 'senderId' | 'body' | 'deletedAt'>;

export function messageJson(row: MessageRow, replied?: ReplyRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    clientId: row.clientId,
    body: row.deletedAt ? '' : row.body,
    media: row.deletedAt ? [] : row.media,
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

/** The answers for `rows`, reading the messages they reply to in one query. */
export async function messagesJson(db: DbOrTx, tables: MessagesTables, rows: MessageRow[]): Promise<Message[]> {
  const replyIds = [...new Set(rows.map((r) => r.replyToId).filter((id): id is number => id !== null))];
  const t = tables.messages;
  const replied =
    replyIds.length === 0
      ? []
      : await db.select({ id: t.id, senderId: t.senderId, body: t.body, deletedAt: t.deletedAt }).from(t).where(inArray(t.id, replyIds));
  const byId = new Map(replied.map((r) => [r.id, r]));
  return rows.map((row) => messageJson(row, row.replyToId === null ? undefined : byId.get(row.replyToId)));
}
