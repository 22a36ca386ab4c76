/**
 * The posts API's texts, limits and media rule: plain values and functions, no schema library, so
 * the browser can import them without carrying zod (the schemas beside them re-export everything
 * here).
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const postTexts = localizedTexts('post', {
  empty: 'Write something or add a photo or video',
  tooLong: template('Posts can be at most {{max}} characters long', (max: number) => ({ max })),
  badWords: 'Your post contains words that are not allowed',
  commentBadWords: 'Your comment contains words that are not allowed',
  notYourUserId: 'You can only post as yourself',
  notFound: 'Post not found',
  notAuthor: 'Only the author can delete this post',
  commentBlank: 'Write a comment first',
  commentTooLong: template('Comments can be at most {{max}} characters long', (max: number) => ({ max })),
  mediaInvalid: 'Attach only photos and videos uploaded to Kora',
  tooManyMedia: template('A post can have at most {{max}} photos and videos', (max: number) => ({ max })),
  reactionInvalid: "The reaction must be 'like'",
  cursorInvalid: 'The page cursor is not valid',
  created: 'Post has been created successfully',
  deleted: 'Post deleted',
  saved: 'Post saved',
  unsaved: 'Post removed from saved',
  shared: 'Post shared',
  noPosts: 'No posts yet',
  noPostsHint: 'Create your first post or follow friends to see their posts here.',
  noSaved: 'No saved posts yet',
  noMemories: 'No memories today',
  requestFailed: 'Request failed',
  groupInvalid: 'Group not found',
  /** The product's texts for failed saves (its error catalogue). */
  saveFailed: 'Save post failed',
  unsaveFailed: 'Unsave post failed',
});

/** Limits the product leaves open; the max post length itself comes from the site settings. */
export const postLimits = {
  maxMediaPerPost: 10,
  maxCommentLength: 2_000,
  feedPageSize: 20,
  maxPageSize: 50,
  commentsPreview: 2,
} as const;

/**
 * A media URL a post may carry: only files our media service stored (`/uploads/images/...` or
 * `/uploads/videos/...`, random 32-hex names), never an arbitrary address that would let a post
 * track its readers or embed someone else's content.
 */
export const POST_MEDIA_URL = /^\/uploads\/(images|videos)\/[0-9a-f]{32}(?:-[a-z0-9]{1,16})?\.(webp|png|jpg|gif|mp4|webm)$/;

/** The product's rule: a URL whose path contains /videos/ is a video, anything else an image. */
export function mediaTypeOf(url: string): 'image' | 'video' {
  return url.includes('/videos/') ? 'video' : 'image';
}
