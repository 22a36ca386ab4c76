/**
 * Video projection: each video URL's processing state, from media's events (as posts keeps it,
 * decision 010), so a message's video answers whether it plays yet, its poster and its length.
 * Media moves a video from `processing` to `ready` or `failed` once; the same rule here (a finished
 * video stays finished) makes late or repeated events harmless. When a video finishes, every
 * message already carrying it is announced again (`message.updated`, the message as it now reads),
 * so open conversations show the poster or the failure without a reload (decision 039).
 */
import type { EventEnvelope, EventPayload } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Messages } from '../context.js';
import type { VideoRow } from '../db/schema.js';
import { membersOf } from '../conversations/access.js';
import { audienceOf } from '../conversations/audience.js';
import { messagesJson } from '../messages/view.js';

type Event<T extends 'video.uploaded' | 'video.processed' | 'video.failed'> = EventEnvelope<EventPayload<T>>;

export async function videoUploaded(m: Messages, tx: Tx, event: Event<'video.uploaded'>): Promise<void> {
  const { videos } = m.tables;
  const { url, uploaderId } = event.payload;
  // A send may have named the URL first: media's word on the uploader fills it in, the state stays.
  await tx
    .insert(videos)
    .values({ url, uploaderId, status: 'processing', updatedAt: new Date(event.occurredAt) })
    .onConflictDoUpdate({ target: videos.url, set: { uploaderId } });
}

export async function videoProcessed(m: Messages, tx: Tx, emit: Emit, event: Event<'video.processed'>): Promise<void> {
  const { url, uploaderId, posterUrl, durationSeconds } = event.payload;
  const row = { url, uploaderId, status: 'ready' as const, posterUrl, durationSeconds, error: null };
  if (await finish(m, tx, { ...row, updatedAt: new Date(event.occurredAt) })) await announce(m, tx, emit, url);
}

export async function videoFailed(m: Messages, tx: Tx, emit: Emit, event: Event<'video.failed'>): Promise<void> {
  const { url, uploaderId, reason } = event.payload;
  const row = { url, uploaderId, status: 'failed' as const, posterUrl: null, durationSeconds: null, error: reason };
  if (await finish(m, tx, { ...row, updatedAt: new Date(event.occurredAt) })) await announce(m, tx, emit, url);
}

/** Records the outcome unless the video already finished; true when this event finished it. */
async function finish(m: Messages, tx: Tx, row: VideoRow): Promise<boolean> {
  const { videos } = m.tables;
  const changed = await tx
    .insert(videos)
    .values(row)
    .onConflictDoUpdate({
      target: videos.url,
      set: {
        uploaderId: row.uploaderId,
        status: row.status,
        posterUrl: row.posterUrl,
        durationSeconds: row.durationSeconds,
        error: row.error,
        updatedAt: row.updatedAt,
      },
      setWhere: eq(videos.status, 'processing'),
    })
    .returning({ url: videos.url });
  return changed.length > 0;
}

/**
 * `message.updated` for each message carrying the video (through `messages_video_idx`), to the
 * members it reaches now: its sender alone for a message stored for them alone, otherwise the
 * members in the conversation less those a block keeps apart from its sender (as when it was sent).
 */
async function announce(m: Messages, tx: Tx, emit: Emit, url: string): Promise<void> {
  const t = m.tables.messages;
  const rows = await tx
    .select()
    .from(t)
    .where(and(sql`${t.media} @> '[{"type": "video"}]'`, sql`(${t.media} -> 0 ->> 'url') = ${url}`, isNull(t.deletedAt)));
  const messages = await messagesJson(tx, m.tables, rows);
  for (const [i, row] of rows.entries()) {
    const memberIds = row.senderOnly
      ? [row.senderId]
      : (await audienceOf(m, tx, await membersOf(m, tx, row.conversationId), row.senderId)).memberIds;
    emit({
      type: 'message.updated',
      aggregateId: row.conversationId,
      actorId: null,
      payload: { conversationId: row.conversationId, memberIds, message: messages[i]! },
    });
  }
}
