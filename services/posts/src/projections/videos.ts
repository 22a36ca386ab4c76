/**
 * Video projection: each video URL's processing state, from media's events, so a post can say
 * whether its video plays yet. Media moves a video from `processing` to `ready` or `failed` once;
 * the same rule here (a finished video stays finished) makes late or repeated events harmless.
 */
import type { EventEnvelope, EventPayload } from '@kora/contracts';
import type { Tx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';

export async function videoUploaded(tables: PostsTables, tx: Tx, event: EventEnvelope<EventPayload<'video.uploaded'>>): Promise<void> {
  await tx
    .insert(tables.videos)
    .values({ url: event.payload.url, status: 'processing', updatedAt: new Date(event.occurredAt) })
    .onConflictDoNothing();
}

export async function videoProcessed(tables: PostsTables, tx: Tx, event: EventEnvelope<EventPayload<'video.processed'>>): Promise<void> {
  await finish(tables, tx, {
    url: event.payload.url,
    status: 'ready',
    posterUrl: event.payload.posterUrl,
    durationSeconds: event.payload.durationSeconds,
    updatedAt: new Date(event.occurredAt),
    error: null,
    renditions: event.payload.renditions ?? null,
  });
}

export async function videoFailed(tables: PostsTables, tx: Tx, event: EventEnvelope<EventPayload<'video.failed'>>): Promise<void> {
  await finish(tables, tx, {
    url: event.payload.url,
    status: 'failed',
    posterUrl: null,
    durationSeconds: null,
    updatedAt: new Date(event.occurredAt),
    error: event.payload.reason,
    renditions: null,
  });
}

/** Records the outcome; the `uploaded` event may not have arrived (or may never: older uploads). */
async function finish(tables: PostsTables, tx: Tx, row: PostsTables['videos']['$inferInsert']): Promise<void> {
  const { videos } = tables;
  await tx
    .insert(videos)
    .values(row)
    .onConflictDoUpdate({
      target: videos.url,
      set: {
        status: row.status,
        posterUrl: row.posterUrl,
        durationSeconds: row.durationSeconds,
        updatedAt: row.updatedAt,
        error: row.error,
        renditions: row.renditions,
      },
      setWhere: eq(videos.status, 'processing'),
    });
}
