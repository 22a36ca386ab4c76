/**
 * The stories and reels APIs' texts, limits and timings (member-side §2 Stories card, §4, §8, §9;
 * groups-reels spec §2 Reels, §4, §5, §8, §9): plain values, no schema library, so the browser can
 * import them without carrying zod (stories.ts and reels.ts re-export them). Quoted texts of the
 * spec are used verbatim; the refusals of what the spec leaves open are ours.
 */

/** What an upload is for: it picks the media service's size, type and length rules (decision 022). */
export const MEDIA_PURPOSES = ['post', 'story', 'reel'] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

export const STORY_TYPES = ['image', 'video'] as const;
export type StoryType = (typeof STORY_TYPES)[number];

/** A story's or reel's video, as its owner sees it: it plays once `ready`. */
export const CLIP_STATES = ['processing', 'ready', 'failed'] as const;
export type ClipState = (typeof CLIP_STATES)[number];

/** The multipart field of `POST /api/stories` (spec). */
export const STORY_UPLOAD_FIELD = 'media';

export const storyLimits = {
  /** A story is served for 24 hours after it was posted, never after. */
  lifetimeMs: 24 * 60 * 60 * 1000,
  /** The viewer's auto-advance (spec §9): 3 s for an image, 5 s for a video (or its end). */
  imageAdvanceMs: 3_000,
  videoAdvanceMs: 5_000,
  /** The strip refetches every 60 s while signed in (spec §9). */
  refreshMs: 60_000,
  /** Ours: a video story may run at most this long; the worker judges the real length. */
  maxVideoSeconds: 60,
  /** Ours: the story groups one answer holds (the caller's, then their friends' most recent). */
  maxGroups: 100,
  /** Ours: live stories one member may have at once. */
  maxLivePerMember: 50,
  /** Ours: a page of viewers. */
  viewersPageSize: 50,
} as const;

export const storyTexts = {
  // The spec's texts.
  updated: 'Story updated successfully',
  uploadFailed: 'Upload failed',
  loadFailed: 'Could not load stories',
  // Ours: what the spec leaves open.
  title: 'Stories',
  addStory: 'Add story',
  yourStory: 'Your story',
  notFound: 'Story not found',
  fileRequired: `Choose a photo or video for your story (file field '${STORY_UPLOAD_FIELD}')`,
  oneFile: 'Add one photo or video at a time',
  tooManyLive: `You can have at most ${storyLimits.maxLivePerMember} stories at once`,
  videoTooLong: `Story videos can be up to ${storyLimits.maxVideoSeconds} seconds`,
  processing: 'Processing video…',
  failed: 'This story could not be published',
  deleted: 'Story deleted',
  deleteFailed: 'Could not delete the story',
  deleteConfirm: 'Delete this story?',
  viewers: 'Viewers',
  noViewers: 'No views yet',
  onlyOwnerViewers: 'Only the story’s owner can see who viewed it',
  onlyOwnerDeletes: 'Only the story’s owner can delete it',
  cursorInvalid: 'The page cursor is not valid',
  close: 'Close',
  previous: 'Previous story',
  next: 'Next story',
} as const;

/** MIME types a reel may be (spec §9: MP4, WEBM, QuickTime). */
export const REEL_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

export const reelLimits = {
  /** Spec §9: a reel video is at most 50 MB, whatever the site's general upload limit. */
  maxBytes: 50 * 1024 * 1024,
  maxMB: 50,
  /** The spec's hint, enforced here by the worker on the real length (decision 022). */
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

export const reelTexts = {
  // The spec's texts (§2, §5, §8).
  createReel: 'Create reel',
  onlyTypes: 'Only MP4, WEBM or MOV allowed',
  maxSize: 'Max 50MB',
  hint: '9:16, up to 90 seconds',
  next: 'Next',
  uploading: 'Uploading…',
  requestFailed: 'Request failed',
  // Ours: what the spec leaves open (and the length rule it only hints at).
  title: 'Reels',
  tooLong: `Reels can be up to ${reelLimits.maxSeconds} seconds`,
  notFound: 'Reel not found',
  videoRequired: 'Choose the video of your reel',
  videoNotFound: 'Upload the video of your reel first',
  videoNotYours: 'You can only make a reel of a video you uploaded',
  videoNotForReel: 'Upload the video as a reel (POST /api/media/upload?purpose=reel)',
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
} as const;
