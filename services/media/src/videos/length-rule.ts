/**
 * How long a video may be, by what it was uploaded for (decision 022): a reel up to 90 s, a story
 * video up to 60 s, a post's video up to 30 minutes (decision 026: under the upload size limit only
 * a tiny picture runs that long, and without a limit such a file could hold a worker for its whole
 * time limit). Judged by the real length (what decodes), never by
 * what the container claims: the worker transcodes at most the limit plus a margin (`-t`), then
 * measures its own output; a claim far over the limit is first checked by a stream-copy pass, which
 * reads the packets without decoding them, so a long file is refused without paying a transcode.
 */
import { mediaTexts, reelLimits, reelTexts, storyLimits, storyTexts, type MediaPurpose } from '@kora/contracts';

/** A post's video: far longer than anything a member would post, short enough to transcode in minutes. */
export const POST_VIDEO_MAX_SECONDS = 30 * 60;

/** Rounding of frame and audio packet ends: a 90.0 s clip comes out 90.0x s and is fine. */
export const LENGTH_TOLERANCE_SECONDS = 0.5;
/** The transcode stops this far past the limit: enough to tell "over" from "exactly at". */
export const TRANSCODE_MARGIN_SECONDS = 1;

export interface LengthRule {
  maxSeconds: number;
  /** The reason a member is shown when the video runs longer. */
  tooLong: string;
}

export function lengthRuleFor(purpose: MediaPurpose): LengthRule {
  switch (purpose) {
    case 'reel':
      return { maxSeconds: reelLimits.maxSeconds, tooLong: reelTexts.tooLong };
    case 'story':
      return { maxSeconds: storyLimits.maxVideoSeconds, tooLong: storyTexts.videoTooLong };
    case 'post':
      return { maxSeconds: POST_VIDEO_MAX_SECONDS, tooLong: mediaTexts.videoTooLong };
  }
}

/** True when `seconds` runs past the rule's limit (beyond the rounding tolerance). */
export function runsTooLong(rule: LengthRule, seconds: number): boolean {
  return seconds > rule.maxSeconds + LENGTH_TOLERANCE_SECONDS;
}

/** Where the transcode stops: the limit plus the margin. */
export const transcodeLimit = (rule: LengthRule) => rule.maxSeconds + TRANSCODE_MARGIN_SECONDS;
