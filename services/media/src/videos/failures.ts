/**
 * Why a video fails, in words a member can be shown (`GET /api/media/videos/:id` → `error`, and the
 * `video.failed` event's `reason`). A `VideoRejectedError` is about the file itself: trying again
 * gives the same answer, so the job fails at once instead of retrying. Anything else is treated as
 * transient (a missing binary, a full disk, the database) and retried.
 */
import { mediaTexts } from '@kora/contracts';

export const videoFailureTexts = {
  unreadable: mediaTexts.videoInvalid,
  tooManyPixels: 'The video is too large in pixels (at most 8192 pixels on a side)',
  tooSlow: 'The video took too long to process',
  missing: 'The uploaded video is no longer available',
  gaveUp: 'The video could not be processed',
  /** A sibling removed the upload (an expired or deleted story) before it was processed. */
  removed: 'The video was removed',
  /** The worker cannot run ffmpeg/ffprobe (not installed yet, a wrong FFMPEG_PATH). */
  toolsMissing: 'Videos cannot be processed on the server right now. Please try again later.',
} as const;

export class VideoRejectedError extends Error {
  constructor(
    readonly reason: string,
    /** For the logs: what ffprobe/ffmpeg said. */
    readonly detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'VideoRejectedError';
  }
}
