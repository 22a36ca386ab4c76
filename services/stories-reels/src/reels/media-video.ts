/**
 * Asks the media service about a video by its public URL (`GET /internal/videos?url=`, decision
 * 022), so `POST /api/reels` answers at once whether the caller may make a reel of it, without
 * waiting for media's `video.*` events to reach the projection. Unknown URL: undefined. Anything
 * unexpected from media is logged and becomes the platform's 503, never a 500.
 */
import { internalVideoSchema, type InternalVideo } from '@kora/contracts';
import { serviceUnavailable } from '@kora/platform/service';
import type { StoriesReels } from '../context.js';

export async function mediaVideo(sr: StoriesReels, url: string): Promise<InternalVideo | undefined> {
  const res = await sr.ctx.callService('media', `/internal/videos?url=${encodeURIComponent(url)}`, { timeoutMs: 5_000 });
  if (res.status === 404) return undefined;
  const answer: unknown = await res.json().catch(() => null);
  const video = res.status === 200 ? internalVideoSchema.safeParse(answer) : undefined;
  if (video?.success) return video.data;
  sr.ctx.log.error({ status: res.status }, 'media answered GET /internal/videos unexpectedly');
  throw serviceUnavailable('media');
}
