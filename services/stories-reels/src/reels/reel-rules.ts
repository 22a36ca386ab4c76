/**
 * The reel rules for a video uploaded with another purpose (decision 022): a client that uploads
 * with plain `POST /api/media/upload` gets the site's post rules while uploading, so the reel's
 * own type and size limits are checked here on what media recorded of the upload. The length
 * (at most 90 s) is judged on the real decoded length: media's worker measures it, and a ready
 * video longer than that is refused at creation or shows as a failed reel (`visibility.ts`).
 * A `purpose=reel` upload was held to these rules while it streamed in.
 */
import { REEL_VIDEO_TYPES, reelLimits, type InternalVideo } from '@kora/contracts';
import { videoTooLarge, videoWrongType } from './errors.js';

const reelTypes: readonly string[] = REEL_VIDEO_TYPES;

export function requireReelRules(video: InternalVideo): void {
  if (video.purpose === 'reel') return;
  if (!reelTypes.includes(video.sourceMime)) throw videoWrongType();
  if (video.sourceBytes !== null && video.sourceBytes > reelLimits.maxBytes) throw videoTooLarge();
}
