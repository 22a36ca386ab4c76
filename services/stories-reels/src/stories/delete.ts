/**
 * Deleting a story (`DELETE /api/stories/{id}`, owner only). The row is marked deleted (never
 * served again) with `story.deleted` in the same transaction; the purge job removes its files and
 * then the row. Deleting again is harmless for the owner: 204, with no second event, as long as
 * the row is there (an expired story too). Someone who may see the story is told it is the
 * owner's (403); anyone else that it does not exist (404).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import { storyAccess } from './access.js';
import { onlyOwnerDeletes, storyNotFound } from '../errors.js';

export async function deleteStory(sr: StoriesReels, callerId: number, storyId: number): Promise<void> {
  const story = await storyAccess(sr, sr.ctx.db, callerId, storyId);
  if (!story) throw storyNotFound();
  if (story.relation !== 'self') throw story.visible ? onlyOwnerDeletes() : storyNotFound();
  const s = sr.tables.stories;
  await sr.ctx.transact(async (tx, emit) => {
    const [deleted] = await tx
      .update(s)
      .set({ deletedAt: sr.now() })
      .where(and(eq(s.id, storyId), isNull(s.deletedAt)))
      .returning({ id: s.id });
    // Only the first delete announces it (a second one, or two at once, finds it already deleted).
    if (deleted) emit({ type: 'story.deleted', aggregateId: storyId, actorId: callerId, payload: { storyId, userId: callerId } });
  });
}
