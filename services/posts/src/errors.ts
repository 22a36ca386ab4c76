/**
 * The posts service's stable error codes (beside the platform's shared ones) and the errors it
 * throws, each with the product text from `postTexts`.
 */
import { adminTexts, ErrorCode, featureOffMessage, groupTexts, mentionTexts, postTexts, searchTexts, walletTexts } from '@kora/contracts';
import { AppError } from '@kora/platform/service';

export const PostErrorCode = {
  PostEmpty: 'POST_EMPTY',
  PostTooLong: 'POST_TOO_LONG',
  BadWords: 'BAD_WORDS',
  NotYourUserId: 'NOT_YOUR_USER_ID',
  PostNotFound: 'POST_NOT_FOUND',
  NotAuthor: 'NOT_AUTHOR',
  CursorInvalid: 'CURSOR_INVALID',
  DateInvalid: 'DATE_INVALID',
  MentionNotFound: 'MENTION_NOT_FOUND',
  NotMentioned: 'NOT_MENTIONED',
  MentionReviewed: 'MENTION_ALREADY_REVIEWED',
  // The groups service's codes for the same refusals (decision 021).
  GroupNotFound: 'GROUP_NOT_FOUND',
  MembersOnly: 'GROUP_MEMBERS_ONLY',
  // Boosts (decision 023).
  BoostNotYours: 'BOOST_NOT_YOURS',
  BoostNotOnTimeline: 'BOOST_NOT_ON_TIMELINE',
  BoostNeedsPlan: 'BOOST_NEEDS_PLAN',
  BoostQuotaUsed: 'BOOST_QUOTA_USED',
  AlreadyBoosted: 'ALREADY_BOOSTED',
  // Reports and moderation (decision 024).
  CannotReportOwn: 'CANNOT_REPORT_OWN',
  AlreadyReported: 'ALREADY_REPORTED',
  ReportNotFound: 'REPORT_NOT_FOUND',
  ReportClosed: 'REPORT_CLOSED',
  CommentCannotShadow: 'COMMENT_CANNOT_SHADOW',
  // Search and hashtags (decision 025).
  HashtagNotFound: 'HASHTAG_NOT_FOUND',
} as const;

/** Not in the contract's texts (the product leaves memories' date open): the one text of our own. */
export const DATE_INVALID_TEXT = 'The date must be a real day written YYYY-MM-DD';

export const postEmpty = () => new AppError(400, PostErrorCode.PostEmpty, postTexts.empty);
export const postTooLong = (max: number) => new AppError(400, PostErrorCode.PostTooLong, postTexts.tooLong(max));
export const postBadWords = () => new AppError(400, PostErrorCode.BadWords, postTexts.badWords);
/** The admin's max post length, when lower than the fixed comment limit (decision 024); the schema's own refusal is a 400 too. */
export const commentTooLong = (max: number) => new AppError(400, ErrorCode.ValidationFailed, postTexts.commentTooLong(max));
export const commentBadWords = () => new AppError(400, PostErrorCode.BadWords, postTexts.commentBadWords);
export const notYourUserId = () => new AppError(403, PostErrorCode.NotYourUserId, postTexts.notYourUserId);
export const postNotFound = () => new AppError(404, PostErrorCode.PostNotFound, postTexts.notFound);
export const notAuthor = () => new AppError(403, PostErrorCode.NotAuthor, postTexts.notAuthor);
export const cursorInvalid = () => new AppError(400, PostErrorCode.CursorInvalid, postTexts.cursorInvalid);
export const dateInvalid = () => new AppError(400, PostErrorCode.DateInvalid, DATE_INVALID_TEXT);
export const mentionNotFound = () => new AppError(404, PostErrorCode.MentionNotFound, mentionTexts.notFound);
export const notMentioned = () => new AppError(403, PostErrorCode.NotMentioned, mentionTexts.notYours);
/** The other answer was given already: a review is final (decision 020). */
export const mentionReviewed = (status: 'approved' | 'declined') =>
  new AppError(409, PostErrorCode.MentionReviewed, status === 'approved' ? mentionTexts.alreadyApproved : mentionTexts.alreadyDeclined);

/** Group posts (decision 021). Posting into a group that is not there: the post's own text. */
export const postGroupNotFound = () => new AppError(404, PostErrorCode.GroupNotFound, postTexts.groupInvalid);
export const groupNotFound = () => new AppError(404, PostErrorCode.GroupNotFound, groupTexts.notFound);
export const membersOnlyPosting = () => new AppError(403, PostErrorCode.MembersOnly, groupTexts.membersOnlyPosting);
export const membersOnlyPosts = () => new AppError(403, PostErrorCode.MembersOnly, groupTexts.membersOnlyPosts);
/** The gateway's answer on a switched-off feature's paths, for what reaches groups through the posts paths. */
export const groupsTurnedOff = () => new AppError(404, ErrorCode.FeatureDisabled, featureOffMessage('groups'));

/** Boosts (decision 023). Without an active plan: 402, the plan is bought, as the wallet's own "not enough balance". */
export const boostNotYours = () => new AppError(403, PostErrorCode.BoostNotYours, walletTexts.boostNotYours);
export const boostNotOnTimeline = () => new AppError(400, PostErrorCode.BoostNotOnTimeline, walletTexts.boostNotOnTimeline);
export const boostNeedsPlan = () => new AppError(402, PostErrorCode.BoostNeedsPlan, walletTexts.boostNeedsPlan);
export const boostQuotaUsed = () => new AppError(409, PostErrorCode.BoostQuotaUsed, walletTexts.boostQuotaUsed);
export const alreadyBoosted = () => new AppError(409, PostErrorCode.AlreadyBoosted, walletTexts.alreadyBoosted);

/** Reports and moderation (decision 024). */
export const cannotReportOwn = () => new AppError(400, PostErrorCode.CannotReportOwn, adminTexts.cannotReportOwn);
export const alreadyReported = () => new AppError(409, PostErrorCode.AlreadyReported, adminTexts.alreadyReported);
export const reportNotFound = () => new AppError(404, PostErrorCode.ReportNotFound, adminTexts.reportNotFound);
export const reportClosed = () => new AppError(409, PostErrorCode.ReportClosed, adminTexts.reportClosed);
/** The back office brings back only what a moderator removed, never what the author deleted. */
export const deletedByAuthor = () => new AppError(409, ErrorCode.Conflict, adminTexts.deletedByAuthor);
export const commentCannotShadow = () => new AppError(400, PostErrorCode.CommentCannotShadow, adminTexts.commentCannotShadow);

/** Search and hashtags (decision 025). */
export const searchCursorInvalid = () => new AppError(400, PostErrorCode.CursorInvalid, searchTexts.cursorInvalid);
export const hashtagNotFound = () => new AppError(404, PostErrorCode.HashtagNotFound, searchTexts.hashtagInvalid);
