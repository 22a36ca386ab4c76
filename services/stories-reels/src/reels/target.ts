/**
 * The reel a like, comment or share is about: one the caller may see (else 404, as if it did not
 * exist) and that is published. Its author alone sees it while processing or failed, and nobody
 * acts on it then (409 "This reel is not published yet"): a like or comment on a reel that may
 * never be shown would be counted for nothing.
 */
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import { reelNotFound, reelNotPublished } from './errors.js';
import { reelState, visibleTo } from './visibility.js';

export interface TargetReel {
  id: number;
  authorId: number;
}

export async function publishedReelFor(sr: StoriesReels, viewer: number, reelId: number): Promise<TargetReel> {
  const t = sr.tables;
  const [row] = rowsOf<{ id: number | string; author_id: number | string; state: string }>(
    await sr.ctx.db.execute(sql`
      select r.id, r.author_id, ${reelState} as state
      from ${t.reels} as r left join ${t.videos} as v on v.video_id = r.video_id
      where r.id = ${reelId} and ${visibleTo(t, viewer)}`),
  );
  if (!row) throw reelNotFound();
  if (row.state !== 'ready') throw reelNotPublished();
  return { id: Number(row.id), authorId: Number(row.author_id) };
}
