/**
 * Posting a story (`POST /api/stories`): the file is stored by media first (under the story
 * purpose's rules), then the story is recorded with `story.created` in one transaction. It lives
 * 24 hours from the service clock's now. A member has at most `storyLimits.maxLivePerMember` live
 * stories: checked before the upload (no file is sent for nothing) and again in the transaction,
 * under a lock per member, so two uploads at once cannot both pass the last free place; the one
 * refused there has its stored file removed again.
 */
import { storyLimits, type CreatedStory } from '@kora/contracts';
import { refuseErasedMember, type Tx } from '@kora/platform/service';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import { tooManyLiveStories } from '../errors.js';
import { removeStoryFiles, storeStoryFile } from './media.js';
import type { SpooledFile } from './receive.js';

export async function liveStoryCount(sr: StoriesReels, db: StoriesReels['ctx']['db'] | Tx, userId: number): Promise<number> {
  const s = sr.tables.stories;
  const [row] = await db
    .select({ live: count() })
    .from(s)
    .where(and(eq(s.userId, userId), isNull(s.deletedAt), gt(s.expiresAt, sr.now())));
  return row?.live ?? 0;
}

export async function createStory(sr: StoriesReels, userId: number, file: SpooledFile): Promise<CreatedStory> {
  if ((await liveStoryCount(sr, sr.ctx.db, userId)) >= storyLimits.maxLivePerMember) throw tooManyLiveStories();
  const stored = await storeStoryFile(sr.ctx, file, userId);
  const createdAt = sr.now();
  const expiresAt = new Date(createdAt.getTime() + storyLimits.lifetimeMs);
  try {
    return await sr.ctx.transact(async (tx, emit) => {
      await refuseErasedMember(tx, sr.tables.erasedMembers, userId);
      // One member's uploads queue here; other members' do not wait.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stories-reels.live-stories:${userId}`}, 0))`);
      if ((await liveStoryCount(sr, tx, userId)) >= storyLimits.maxLivePerMember) throw tooManyLiveStories();
      const [story] = await tx
        .insert(sr.tables.stories)
        .values({
          userId,
          url: stored.url,
          type: stored.type,
          videoId: stored.type === 'video' ? stored.videoId : null,
          createdAt,
          expiresAt,
        })
        .returning();
      const answer: CreatedStory = {
        id: story!.id,
        url: story!.url,
        type: story!.type,
        // A video plays once media has transcoded it (video.processed); an image is ready now.
        state: story!.type === 'image' ? 'ready' : 'processing',
        createdAt: createdAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      };
      emit({
        type: 'story.created',
        aggregateId: story!.id,
        actorId: userId,
        payload: {
          storyId: story!.id,
          userId,
          type: story!.type,
          url: story!.url,
          createdAt: answer.createdAt,
          expiresAt: answer.expiresAt,
        },
      });
      return answer;
    });
  } catch (err) {
    // Nothing points at the stored file: give it back (the member is told why the story was refused).
    await removeStoryFiles(sr.ctx, [stored.url]).catch((removeErr: unknown) =>
      sr.ctx.log.warn({ err: removeErr, url: stored.url }, 'a refused story’s file was not removed'),
    );
    throw err;
  }
}
