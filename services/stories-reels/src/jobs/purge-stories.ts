/**
 * The purge of expired and deleted stories (decision 022): a repeatable job, every
 * `purgeEveryMs`, takes such stories in batches (oldest first), asks media to remove their files
 * (the story's URL and, for a video, its poster from the videos projection), and only then deletes
 * the rows (their views go with them). A media failure leaves the batch's rows for the next run (the
 * job retries with back-off, then the next period tries again), so no file is ever left without a
 * row that still names it. "Expired" is the service clock's, as on every read; readers never wait
 * for this job (they check the time themselves).
 */
import { rowsOf } from '@kora/platform/service';
import { inArray, sql } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import { removeStoryFiles } from '../stories/media.js';

export const PURGE_QUEUE = 'stories-reels.purge-stories';
export const PURGE_SCHEDULE = 'purge-stories';
/** Stories per media call: each is at most two URLs, and media takes up to 100 at once. */
export const PURGE_BATCH = 50;

export function registerPurgeJob(sr: StoriesReels): void {
  sr.ctx.jobs.register(
    PURGE_QUEUE,
    async () => {
      const purged = await purgeStories(sr);
      if (purged > 0) sr.ctx.log.info({ purged }, 'expired and deleted stories purged');
    },
    // One run at a time per process; a failed run retries, and the schedule brings the next one.
    { concurrency: 1, attempts: 3, backoffMs: 30_000 },
  );
}

/** One schedule for all instances (declaring it again replaces it). */
export function schedulePurgeJob(sr: StoriesReels): Promise<void> {
  return sr.ctx.jobs.repeat(PURGE_QUEUE, PURGE_SCHEDULE, {}, { everyMs: sr.purgeEveryMs });
}

/** Purges every story expired or deleted by now; answers how many. Throws (rows kept) when media fails. */
export async function purgeStories(sr: StoriesReels, batchSize = PURGE_BATCH): Promise<number> {
  const { stories: s, videos: v } = sr.tables;
  let purged = 0;
  for (;;) {
    const batch = rowsOf<{ id: number; url: string; poster_url: string | null }>(
      await sr.ctx.db.execute(sql`
        select s.id, s.url, v.poster_url
        from ${s} as s
        left join ${v} as v on v.video_id = s.video_id
        where s.expires_at <= ${sr.now().toISOString()}::timestamptz or s.deleted_at is not null
        order by s.id
        limit ${batchSize}`),
    );
    if (batch.length === 0) return purged;
    const urls = batch.flatMap((row) => (row.poster_url ? [row.url, row.poster_url] : [row.url]));
    await removeStoryFiles(sr.ctx, urls);
    await sr.ctx.db.delete(s).where(
      inArray(
        s.id,
        batch.map((row) => row.id),
      ),
    );
    purged += batch.length;
    if (batch.length < batchSize) return purged;
  }
}
