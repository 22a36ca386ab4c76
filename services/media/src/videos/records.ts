/**
 * The `videos` table: what the upload route records, what the worker moves from `processing` to
 * `ready` or `failed` (each with its event, in the same transaction), and the API's view of a row.
 * Every change after the upload is guarded by `status = 'processing'`, so a late or repeated job
 * can never undo a finished video or announce it twice.
 */
import type { EventPayload, InternalVideo, MediaPurpose, VideoRendition, VideoStatus } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import { and, eq, ne } from 'drizzle-orm';
import type { Media } from '../context.js';
import type { VideoRow } from '../db/schema.js';
import { publicUrl } from '../storage/keys.js';

export interface NewVideo {
  uploaderId: number;
  incomingKey: string;
  sourceMime: string;
  sourceBytes: number;
  key: string;
  posterKey: string;
  purpose: MediaPurpose;
}

/** What every `video.*` event says about the video (its purpose included: decision 022). */
const videoRef = (row: VideoRow) => ({ videoId: row.id, url: publicUrl(row.key), uploaderId: row.uploaderId, purpose: row.purpose });

/** Inside the upload's transaction: the row and its `video.uploaded` event. */
export async function insertVideo(media: Media, tx: Tx, emit: Emit, video: NewVideo): Promise<VideoRow> {
  const [row] = await tx.insert(media.tables.videos).values(video).returning();
  emit({
    type: 'video.uploaded',
    aggregateId: row!.id,
    actorId: row!.uploaderId,
    payload: { ...videoRef(row!) },
  });
  return row!;
}

export async function findVideo(media: Media, id: number): Promise<VideoRow | undefined> {
  const [row] = await media.ctx.db.select().from(media.tables.videos).where(eq(media.tables.videos.id, id));
  return row;
}

export async function unfinishedVideoIds(media: Media): Promise<number[]> {
  const { videos } = media.tables;
  const rows = await media.ctx.db.select({ id: videos.id }).from(videos).where(eq(videos.status, 'processing'));
  return rows.map((r) => r.id);
}

const stillProcessing = (media: Media, id: number) => and(eq(media.tables.videos.id, id), eq(media.tables.videos.status, 'processing'));

export async function recordAttempt(media: Media, id: number, attempt: number): Promise<void> {
  await media.ctx.db.update(media.tables.videos).set({ attempts: attempt, updatedAt: new Date() }).where(stillProcessing(media, id));
}

export async function recordProgress(media: Media, id: number, progress: number): Promise<void> {
  const { videos } = media.tables;
  await media.ctx.db
    .update(videos)
    .set({ progress, updatedAt: new Date() })
    .where(and(stillProcessing(media, id), ne(videos.progress, progress)));
}

export interface ProcessedVideo {
  durationSeconds: number;
  width: number;
  height: number;
  bytes: number;
  /** Every playable file, smallest first (decision 044). */
  renditions: VideoRendition[];
}

/** `ready` with the output's probe results, and `video.processed`; false when it was not processing. */
export async function markReady(media: Media, video: VideoRow, output: ProcessedVideo): Promise<boolean> {
  return finish(
    media,
    video,
    { status: 'ready', progress: 100, error: null, ...output },
    {
      type: 'video.processed',
      payload: { ...videoRef(video), posterUrl: publicUrl(video.posterKey), ...output },
    },
  );
}

/** `failed` with the reason, and `video.failed`; false when it was not processing. */
export async function markFailed(media: Media, video: VideoRow, reason: string): Promise<boolean> {
  return finish(
    media,
    video,
    { status: 'failed', error: reason },
    {
      type: 'video.failed',
      payload: { ...videoRef(video), reason },
    },
  );
}

/**
 * Moves a video out of `processing` with `set` and announces `event` in the same transaction;
 * false (nothing announced) when it was no longer processing.
 */
async function finish<T extends 'video.processed' | 'video.failed'>(
  media: Media,
  video: VideoRow,
  set: Partial<Pick<VideoRow, 'status' | 'progress' | 'error' | keyof ProcessedVideo>>,
  event: { type: T; payload: EventPayload<T> },
): Promise<boolean> {
  return media.ctx.transact(async (tx, emit) => {
    const updated = await tx
      .update(media.tables.videos)
      .set({ ...set, updatedAt: new Date() })
      .where(stillProcessing(media, video.id))
      .returning({ id: media.tables.videos.id });
    if (updated.length === 0) return false;
    emit<T>({ type: event.type, aggregateId: video.id, actorId: video.uploaderId, payload: event.payload });
    return true;
  });
}

/** The API's view: the poster and the probe results only once the video is ready. */
export function toVideoStatus(row: VideoRow): VideoStatus {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    url: publicUrl(row.key),
    status: row.status,
    progress: ready ? 100 : row.progress,
    posterUrl: ready ? publicUrl(row.posterKey) : null,
    durationSeconds: ready ? row.durationSeconds : null,
    width: ready ? row.width : null,
    height: ready ? row.height : null,
    error: row.status === 'failed' ? row.error : null,
    // Videos processed before decision 044 have none recorded: their URL is their one file.
    ...(ready && row.renditions ? { renditions: row.renditions } : {}),
  };
}

/** A sibling's view (`GET /internal/videos`): who uploaded it and for what, and how it stands. */
export function toInternalVideo(row: VideoRow): InternalVideo {
  const { id, url, status, posterUrl, durationSeconds, width, height, error, renditions } = toVideoStatus(row);
  return {
    id,
    url,
    status,
    posterUrl,
    durationSeconds,
    width,
    height,
    error,
    ...(renditions ? { renditions } : {}),
    uploaderId: row.uploaderId,
    purpose: row.purpose,
    sourceMime: row.sourceMime,
    sourceBytes: row.sourceBytes,
  };
}

/** The video stored under `key` (its MP4's key), if any. */
export async function findVideoByKey(media: Media, key: string): Promise<VideoRow | undefined> {
  const [row] = await media.ctx.db.select().from(media.tables.videos).where(eq(media.tables.videos.key, key));
  return row;
}
