/**
 * A message read with everything its answer needs in the same statement (`messageSchema`): the
 * message it replies to and its video's state, so a page or a list reads no second statement for
 * them. `messageColumnsSql` goes in a select over `messages as m left join messages as r on r.id =
 * m.reply_to_id`; `messageOfRow` turns its columns into the answer.
 */
import type { Message, MessageMedia } from '@kora/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { epochMs } from '../db/epoch-ms.js';
import type { MessagesTables, VideoRow } from '../db/schema.js';
import { messageJson } from './view.js';

export function messageColumnsSql(tables: MessagesTables): SQL {
  return sql`m.id as message_id, m.conversation_id as message_conversation_id, m.sender_id as message_sender_id,
    m.client_id as message_client_id, m.body as message_body, m.media as message_media, m.reply_to_id as message_reply_to_id,
    m.sender_only as message_sender_only, ${epochMs('m.deleted_at')} as message_deleted_ms,
    ${epochMs('m.created_at')} as message_created_ms,
    r.sender_id as message_reply_sender_id, r.body as message_reply_body, ${epochMs('r.deleted_at')} as message_reply_deleted_ms,
    case when m.deleted_at is null and m.media @> '[{"type": "video"}]' then (
      select json_agg(json_build_object('url', v.url, 'status', v.status, 'posterUrl', v.poster_url,
        'durationSeconds', v.duration_seconds, 'error', v.error))
      from ${tables.videos} as v where v.url in (select e ->> 'url' from jsonb_array_elements(m.media) as e)
    ) end as message_videos`;
}

export interface MessageColumns {
  message_id: number;
  message_conversation_id: number;
  message_sender_id: number;
  message_client_id: string;
  message_body: string;
  message_media: MessageMedia[];
  message_reply_to_id: number | null;
  message_sender_only: boolean;
  message_deleted_ms: number | null;
  message_created_ms: number;
  message_reply_sender_id: number | null;
  message_reply_body: string | null;
  message_reply_deleted_ms: number | null;
  message_videos: Pick<VideoRow, 'url' | 'status' | 'posterUrl' | 'durationSeconds' | 'error'>[] | null;
}

const dateOf = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));

export function messageOfRow(row: MessageColumns): Message {
  const replyToId = row.message_reply_to_id === null ? null : Number(row.message_reply_to_id);
  return messageJson(
    {
      id: Number(row.message_id),
      conversationId: Number(row.message_conversation_id),
      senderId: Number(row.message_sender_id),
      clientId: row.message_client_id,
      body: row.message_body,
      media: row.message_media,
      replyToId,
      senderOnly: row.message_sender_only,
      deletedAt: dateOf(row.message_deleted_ms),
      createdAt: new Date(Number(row.message_created_ms)),
    },
    new Map((row.message_videos ?? []).map((video) => [video.url, video])),
    replyToId === null || row.message_reply_sender_id === null
      ? undefined
      : {
          id: replyToId,
          senderId: Number(row.message_reply_sender_id),
          body: row.message_reply_body ?? '',
          deletedAt: dateOf(row.message_reply_deleted_ms),
        },
  );
}
