/**
 * Video projection: each of media's videos, by id, with who uploaded it, for what, and its state.
 * Media moves a video from `processing` to `ready` or `failed` once; the same rule here (a finished
 * video stays finished) makes late, repeated or out-of-order events harmless. A reel's or story's
 * state is read from here (a row not there yet means processing).
 */
import type { EventEnvelope, EventPayload } from '@kora/contracts';
import type { Tx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { StoriesReelsTables } from '../db/schema.js';

type Row = StoriesReelsTables['videos']['$inferInsert'];

const base = (event: EventEnvelope<EventPayload<'video.uploaded'>>) => ({
  videoId: event.payload.videoId,
  url: event.payload.url,
  uploaderId: event.payload.uploaderId,
  purpose: event.payload.purpose ?? 'post',
  updatedAt: new Date(event.occurredAt),
});

export async function videoUploaded(
  tables: StoriesReelsTables,
  tx: Tx,
  event: EventEnvelope<EventPayload<'video.uploaded'>>,
): Promise<void> {
  await tx
    .insert(tables.videos)
    .values({ ...base(event), status: 'processing' })
    .onConflictDoNothing();
}

export async function videoProcessed(
  tables: StoriesReelsTables,
  tx: Tx,
  event: EventEnvelope<EventPayload<'video.processed'>>,
): Promise<void> {
  const { posterUrl, durationSeconds, width, height } = event.payload;
  await finish(tables, tx, { ...base(event), status: 'ready', posterUrl, durationSeconds, width, height, error: null });
}

export async function videoFailed(tables: StoriesReelsTables, tx: Tx, event: EventEnvelope<EventPayload<'video.failed'>>): Promise<void> {
  await finish(tables, tx, {
    ...base(event),
    status: 'failed',
    posterUrl: null,
    durationSeconds: null,
    width: null,
    height: null,
    error: event.payload.reason,
  });
}

/**
 * Records a video's state as media answered it directly (`GET /internal/videos`), under the same
 * rule: it fills a row the events have not made yet and finishes a processing one, never undoes a
 * finished one.
 */
export async function recordVideo(tables: StoriesReelsTables, tx: Tx, row: Row): Promise<void> {
  if (row.status === 'processing') await tx.insert(tables.videos).values(row).onConflictDoNothing();
  else await finish(tables, tx, row);
}

/** Records the outcome; the `uploaded` event may not have arrived yet. */
async function finish(tables: StoriesReelsTables, tx: Tx, row: Row): Promise<void> {
  const { videos } = tables;
  await tx
    .insert(videos)
    .values(row)
    .onConflictDoUpdate({
      target: videos.videoId,
      set: {
        status: row.status,
        posterUrl: row.posterUrl,
        durationSeconds: row.durationSeconds,
        width: row.width,
        height: row.height,
        error: row.error,
        updatedAt: row.updatedAt,
      },
      setWhere: eq(videos.status, 'processing'),
    });
}
