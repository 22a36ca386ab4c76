/**
 * The archive queues (decision 035):
 * - `media.archive-build`: one job per request (job id `archive-<hex id>`, so a request is never
 *   built twice); a worker process also re-queues, at start, requests still `preparing` (a job lost
 *   with a stopped embedded process);
 * - `media.archive-sweep`: every hour, removes the files of archives whose link has expired.
 * They run where the video worker runs (MEDIA_VIDEO_WORKERS): API pods only feed them.
 */
import { eq } from 'drizzle-orm';
import type { Media } from '../context.js';
import { createArchiveProcessor, type ArchiveJobData } from './process-archive.js';
import { sweepExpiredArchives } from './sweep-archives.js';

export const ARCHIVE_QUEUE = 'media.archive-build';
export const ARCHIVE_SWEEP_QUEUE = 'media.archive-sweep';
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export function enqueueArchive(media: Media, data: ArchiveJobData): Promise<string> {
  return media.ctx.jobs.enqueue<ArchiveJobData>(ARCHIVE_QUEUE, data, { jobId: `archive-${data.archiveId}` });
}

async function requeuePreparing(media: Media): Promise<void> {
  const { archives } = media.tables;
  const rows = await media.ctx.db
    .select({ userId: archives.userId, archiveId: archives.id })
    .from(archives)
    .where(eq(archives.status, 'preparing'));
  for (const row of rows) await enqueueArchive(media, row);
  if (rows.length > 0) media.ctx.log.info({ queue: ARCHIVE_QUEUE, archives: rows.length }, 'unfinished archives queued again');
}

export function registerArchiveQueues(media: Media): void {
  const { ctx, config, archiveQueue } = media;
  if (!config.MEDIA_VIDEO_WORKERS) {
    ctx.jobs.declare(ARCHIVE_QUEUE, archiveQueue);
    return;
  }
  ctx.jobs.register<ArchiveJobData>(ARCHIVE_QUEUE, createArchiveProcessor(media), archiveQueue);
  ctx.jobs.register(ARCHIVE_SWEEP_QUEUE, () => sweepExpiredArchives(media, new Date()), { concurrency: 1, attempts: 1 });
  void media.ready
    .then(async () => {
      await ctx.jobs.repeat(ARCHIVE_SWEEP_QUEUE, 'archive-sweep', {}, { everyMs: SWEEP_EVERY_MS });
      await requeuePreparing(media);
    })
    .catch((err: unknown) => ctx.log.error({ err, queue: ARCHIVE_QUEUE }, 'could not schedule the archive jobs'));
}
