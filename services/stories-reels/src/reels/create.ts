/**
 * Making a reel of a video the member uploaded (`POST /api/reels`, decision 022). Media is asked at
 * once (`GET /internal/videos?url=`), so the member learns straight away whether the video may be a
 * reel: theirs, meeting the reel rules whatever purpose it was uploaded with (`reel-rules.ts`), not
 * failed, not a reel already. The video's state as
 * media answered it goes into the videos projection (events may not have arrived yet), and the reel
 * and its `reel.created` are written in that same transaction. Two concurrent requests for one video
 * make one reel: `reels.video_id` is unique and the loser answers 409.
 */
import { reelLimits, reelTexts, type CreateReelBody, type InternalVideo, type Reel } from '@kora/contracts';
import { refuseErasedMember } from '@kora/platform/service';
import type { StoriesReels } from '../context.js';
import { recordVideo } from '../projections/videos.js';
import { videoFailed, videoNotFound, videoNotYours, videoUsed } from './errors.js';
import { mediaVideo } from './media-video.js';
import { reelSeenBy } from './read.js';
import { requireReelRules } from './reel-rules.js';

/** Refuses a video that cannot become the caller's reel, with the reason. */
function requireUsable(video: InternalVideo | undefined, authorId: number): InternalVideo {
  if (!video) throw videoNotFound();
  if (video.uploaderId !== authorId) throw videoNotYours();
  requireReelRules(video);
  if (video.status === 'failed') throw videoFailed(video.error);
  // Media's worker refuses a longer reel; should one be ready anyway, it never becomes a reel.
  if (video.status === 'ready' && (video.durationSeconds ?? 0) > reelLimits.maxSeconds) throw videoFailed(reelTexts.tooLong);
  return video;
}

export async function createReel(sr: StoriesReels, authorId: number, body: CreateReelBody): Promise<Reel> {
  const video = requireUsable(await mediaVideo(sr, body.videoUrl), authorId);
  const { reels } = sr.tables;
  const reelId = await sr.ctx.transact(async (tx, emit) => {
    await refuseErasedMember(tx, sr.tables.erasedMembers, authorId);
    await recordVideo(sr.tables, tx, {
      videoId: video.id,
      url: video.url,
      uploaderId: video.uploaderId,
      purpose: video.purpose,
      status: video.status,
      posterUrl: video.posterUrl,
      durationSeconds: video.durationSeconds,
      width: video.width,
      height: video.height,
      error: video.error,
      updatedAt: sr.now(),
    });
    const [reel] = await tx
      .insert(reels)
      .values({ authorId, videoUrl: video.url, videoId: video.id, caption: body.caption, createdAt: sr.now() })
      .onConflictDoNothing()
      .returning();
    if (!reel) throw videoUsed();
    emit({
      type: 'reel.created',
      aggregateId: reel.id,
      actorId: authorId,
      payload: { reelId: reel.id, authorId, videoUrl: reel.videoUrl, caption: reel.caption, createdAt: reel.createdAt.toISOString() },
    });
    return reel.id;
  });
  return reelSeenBy(sr, authorId, reelId);
}
