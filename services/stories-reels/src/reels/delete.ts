/**
 * Deleting a reel (its author only). The row stays, marked deleted, so its video stays taken (a
 * video is one reel, once) and late likes or comments find nothing to act on; every read leaves it
 * out.
 */
import { rowsOf } from '@kora/platform/service';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import { onlyAuthorDeletes, reelNotFound } from './errors.js';
import { visibleTo } from './visibility.js';

export async function deleteReel(sr: StoriesReels, memberId: number, reelId: number): Promise<void> {
  const { reels, videos } = sr.tables;
  await sr.ctx.transact(async (tx, emit) => {
    // Another member's reel they may not see is "not found" to them, one they see is "not yours".
    const seen = rowsOf<{ author_id: number | string }>(
      await tx.execute(sql`select r.author_id from ${reels} as r left join ${videos} as v on v.video_id = r.video_id
        where r.id = ${reelId} and ${visibleTo(sr.tables, memberId)} for update of r`),
    );
    const authorId = seen[0] ? Number(seen[0].author_id) : undefined;
    if (authorId === undefined) throw reelNotFound();
    if (authorId !== memberId) throw onlyAuthorDeletes();
    await tx
      .update(reels)
      .set({ deletedAt: sr.now() })
      .where(and(eq(reels.id, reelId), isNull(reels.deletedAt)));
    emit({ type: 'reel.deleted', aggregateId: reelId, actorId: memberId, payload: { reelId, authorId } });
  });
}
