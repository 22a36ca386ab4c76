/**
 * The reels API's texts and limits (docs/product/stories-and-reels.md): plain values, no
 * schema library, so the browser can import them without carrying zod (reels.ts re-exports them).
 * The product's quoted texts are used verbatim; the refusals of what it leaves open are ours.
 */
import { localizedTexts } from '../i18n/localized-texts.js';
/** MIME types a reel may be: MP4, WEBM, QuickTime. */
export const REEL_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

export const reelLimits = {
  /** A reel video is at most 50 MB, whatever the site's general upload limit. */
  maxBytes: 50 * 1024 * 1024,
  maxMB: 50,
  /** The creation page's hint, enforced by the worker on the real length (decision 022). */
  maxSeconds: 90,
  /** Transcoded to fit inside this box, aspect kept (9:16 stays 9:16). */
  maxWidth: 1080,
  maxHeight: 1920,
  /** Ours. */
  pageSize: 10,
  maxPageSize: 30,
  maxCaptionLength: 2_200,
  maxCommentLength: 1_000,
  commentsPageSize: 50,
} as const;

export const reelTexts = localizedTexts('reel', {
  // The product's texts.
  createReel: 'Create reel',
  onlyTypes: 'Only MP4, WEBM or MOV allowed',
  maxSize: 'Max 50MB',
  hint: '9:16, up to 90 seconds',
  next: 'Next',
  uploading: 'Uploading…',
  requestFailed: 'Request failed',
  // Ours: what the product leaves open (and the length rule it only hints at).
  title: 'Reels',
  tooLong: `Reels can be up to ${reelLimits.maxSeconds} seconds`,
  notFound: 'Reel not found',
  videoRequired: 'Choose the video of your reel',
  videoNotFound: 'Upload the video of your reel first',
  videoNotYours: 'You can only make a reel of a video you uploaded',
  videoFailed: 'This video could not be processed',
  videoUsed: 'This video is already a reel',
  captionTooLong: `Captions can be at most ${reelLimits.maxCaptionLength} characters long`,
  captionPlaceholder: 'Write a caption…',
  commentRequired: 'Write a comment first',
  commentTooLong: `Comments can be at most ${reelLimits.maxCommentLength} characters long`,
  commentPlaceholder: 'Add a comment…',
  comments: 'Comments',
  noComments: 'No comments yet',
  noReels: 'No reels yet',
  noReelsHint: 'Be the first: create a reel.',
  processing: 'Processing video…',
  failed: 'This reel could not be published',
  cursorInvalid: 'The page cursor is not valid',
  limitInvalid: `Ask for 1 to ${reelLimits.maxPageSize} reels at a time`,
  like: 'Like',
  unlike: 'Unlike',
  comment: 'Comment',
  share: 'Share',
  linkCopied: 'Link copied',
  previous: 'Previous reel',
  nextReel: 'Next reel',
  deleted: 'Reel deleted',
  onlyAuthorDeletes: 'Only the reel’s author can delete it',
  /** A processing or failed reel (only its author sees it) takes no likes, comments or shares. */
  notPublished: 'This reel is not published yet',
});
