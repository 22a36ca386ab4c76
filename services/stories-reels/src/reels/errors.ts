/**
 * The reels' stable error codes and the errors the routes throw, each with its product text from
 * `reelTexts` (decision 022).
 */
import { reelTexts } from '@kora/contracts';
import { badRequest, conflict, forbidden, notFound } from '@kora/platform/service';

export const ReelErrorCode = {
  NotFound: 'REEL_NOT_FOUND',
  VideoNotFound: 'REEL_VIDEO_NOT_FOUND',
  VideoNotYours: 'REEL_VIDEO_NOT_YOURS',
  VideoWrongType: 'REEL_VIDEO_WRONG_TYPE',
  VideoTooLarge: 'REEL_VIDEO_TOO_LARGE',
  VideoFailed: 'REEL_VIDEO_FAILED',
  VideoUsed: 'REEL_VIDEO_USED',
  AuthorOnly: 'REEL_AUTHOR_ONLY',
  NotPublished: 'REEL_NOT_PUBLISHED',
} as const;

export const reelNotFound = () => notFound(reelTexts.notFound, ReelErrorCode.NotFound);
export const videoNotFound = () => badRequest(reelTexts.videoNotFound, ReelErrorCode.VideoNotFound);
export const videoNotYours = () => forbidden(reelTexts.videoNotYours, ReelErrorCode.VideoNotYours);
export const videoWrongType = () => badRequest(reelTexts.onlyTypes, ReelErrorCode.VideoWrongType);
export const videoTooLarge = () => badRequest(reelTexts.maxSize, ReelErrorCode.VideoTooLarge);
/** Media's reason says why ("Reels can be up to 90 seconds", "not a playable video"...). */
export const videoFailed = (reason: string | null) =>
  badRequest(reason ? `${reelTexts.videoFailed}: ${reason}` : reelTexts.videoFailed, ReelErrorCode.VideoFailed);
export const videoUsed = () => conflict(reelTexts.videoUsed, ReelErrorCode.VideoUsed);
export const onlyAuthorDeletes = () => forbidden(reelTexts.onlyAuthorDeletes, ReelErrorCode.AuthorOnly);
export const reelNotPublished = () => conflict(reelTexts.notPublished, ReelErrorCode.NotPublished);
