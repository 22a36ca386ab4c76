/**
 * The stories API's texts, limits and timings (docs/product/stories-and-reels.md), and the
 * choices stories and reels share (upload purposes, clip states): plain values, no schema library,
 * so the browser can import them without carrying zod (stories.ts re-exports them). Quoted texts of
 * the product are used verbatim; the refusals of what it leaves open are ours. The reels' are in
 * reels-texts.ts, a file of their own so the home page's Stories card does not load them.
 */
import { localizedTexts } from '../i18n/localized-texts.js';

/** What an upload is for: it picks the media service's size, type and length rules (decision 022). */
export const MEDIA_PURPOSES = ['post', 'story', 'reel'] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

export const STORY_TYPES = ['image', 'video'] as const;
export type StoryType = (typeof STORY_TYPES)[number];

/** A story's or reel's video, as its owner sees it: it plays once `ready`. */
export const CLIP_STATES = ['processing', 'ready', 'failed'] as const;
export type ClipState = (typeof CLIP_STATES)[number];

/** The multipart field of `POST /api/stories`. */
export const STORY_UPLOAD_FIELD = 'media';

export const storyLimits = {
  /** A story is served for 24 hours after it was posted, never after. */
  lifetimeMs: 24 * 60 * 60 * 1000,
  /** The viewer's auto-advance: 3 s for an image, 5 s for a video (or its end). */
  imageAdvanceMs: 3_000,
  videoAdvanceMs: 5_000,
  /** The strip refetches every 60 s while signed in. */
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

export const storyTexts = localizedTexts('story', {
  // The product's texts.
  updated: 'Story updated successfully',
  uploadFailed: 'Upload failed',
  loadFailed: 'Could not load stories',
  // Ours: what the product leaves open.
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
  requestFailed: 'Request failed',
});
