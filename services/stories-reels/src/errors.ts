/**
 * The stories' stable error codes and the errors they throw, each with its product text from
 * `storyTexts` (decision 022). The reels' own are beside their rules, in reels/errors.ts.
 */
import { ErrorCode, mediaTexts, storyTexts } from '@kora/contracts';
import { AppError, badRequest, conflict, forbidden, notFound } from '@kora/platform/service';

export const StoryErrorCode = {
  StoryNotFound: 'STORY_NOT_FOUND',
  OwnerOnly: 'STORY_OWNER_ONLY',
  FileRequired: 'STORY_FILE_REQUIRED',
  OneFile: 'STORY_ONE_FILE',
  TooManyLive: 'STORY_TOO_MANY_LIVE',
  CursorInvalid: 'STORY_CURSOR_INVALID',
} as const;

export const storyNotFound = () => notFound(storyTexts.notFound, StoryErrorCode.StoryNotFound);
export const onlyOwnerViewers = () => forbidden(storyTexts.onlyOwnerViewers, StoryErrorCode.OwnerOnly);
export const onlyOwnerDeletes = () => forbidden(storyTexts.onlyOwnerDeletes, StoryErrorCode.OwnerOnly);
export const storyFileRequired = () => badRequest(storyTexts.fileRequired, StoryErrorCode.FileRequired);
export const oneStoryFile = () => badRequest(storyTexts.oneFile, StoryErrorCode.OneFile);
/** 409: the member's state (stories still live) is in the way, not the request itself. */
export const tooManyLiveStories = () => conflict(storyTexts.tooManyLive, StoryErrorCode.TooManyLive);
export const storyCursorInvalid = () => badRequest(storyTexts.cursorInvalid, StoryErrorCode.CursorInvalid);
/** Media's own words for a file over the site's limit (the same 413 media answers). */
export const storyFileTooLarge = (maxMB: number) => new AppError(413, ErrorCode.PayloadTooLarge, mediaTexts.tooLarge(maxMB));
/** Media answered something we cannot pass on (a bug on either side): the product's "Upload failed". */
export const storyNotStored = () => new AppError(502, ErrorCode.BadGateway, storyTexts.uploadFailed);
