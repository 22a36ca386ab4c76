/**
 * The reels API (stories-reels service; docs/product/stories-and-reels.md). A reel's video is
 * uploaded first (`POST /api/media/upload?purpose=reel`, the reel rules: MP4/WEBM/MOV, 50 MB), then
 * `POST /api/reels { videoUrl, caption }` makes the reel. Lists are bare arrays paged by `Link` /
 * `X-Next-Cursor` (decision 015). What the product leaves open is ours: decision 022.
 */
import { z } from 'zod';
import { reelLimits, reelTexts } from './reels-texts.js';
import { CLIP_STATES } from './stories-texts.js';

export * from './reels-texts.js';

const reelExample = {
  id: 31,
  videoUrl: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4',
  caption: 'Sunset over Lekki 🌅',
  authorUsername: 'adaeze',
  likeCount: 12,
  commentCount: 3,
  shareCount: 1,
  hasLiked: false,
  authorId: 7,
  authorName: 'Adaeze Okafor',
  authorAvatar: '/uploads/profile/defaultavatar.png',
  posterUrl: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b-poster.jpg',
  durationSeconds: 14.2,
  width: 1080,
  height: 1920,
  state: 'ready' as const,
  error: null,
  createdAt: '2026-11-26T08:15:00.000Z',
};

/** The product's Reel, plus the author's id, name and avatar, the poster, the size and the state. */
export const reelSchema = z
  .object({
    id: z.number().int(),
    videoUrl: z.string(),
    caption: z.string(),
    authorUsername: z.string(),
    likeCount: z.number().int(),
    commentCount: z.number().int(),
    shareCount: z.number().int(),
    hasLiked: z.boolean(),
    authorId: z.number().int(),
    authorName: z.string(),
    authorAvatar: z.string(),
    posterUrl: z.string().nullable(),
    durationSeconds: z.number().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** Others only ever see `ready` reels; the author also sees their own processing or failed ones. */
    state: z.enum(CLIP_STATES),
    /** Why it failed (e.g. "Reels can be up to 90 seconds"); null otherwise. */
    error: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ example: reelExample });
export type Reel = z.infer<typeof reelSchema>;

/** GET /api/reels: newest first. `cursor` is the previous page's X-Next-Cursor; 0 or none is the first page. */
export const reelListQuery = z.object({
  cursor: z.coerce
    .number({ error: () => reelTexts.cursorInvalid })
    .int({ error: () => reelTexts.cursorInvalid })
    .min(0, { error: () => reelTexts.cursorInvalid })
    .optional(),
  limit: z.coerce
    .number({ error: () => reelTexts.limitInvalid })
    .int({ error: () => reelTexts.limitInvalid })
    .min(1, { error: () => reelTexts.limitInvalid })
    .max(reelLimits.maxPageSize, { error: () => reelTexts.limitInvalid })
    .default(reelLimits.pageSize),
});
export const reelListSchema = z.array(reelSchema);

/** POST /api/reels: the video's URL as the upload answered it, and the caption. */
export const createReelBody = z
  .object({
    videoUrl: z
      .string({ error: () => reelTexts.videoRequired })
      .trim()
      .min(1, { error: () => reelTexts.videoRequired })
      .max(500, { error: () => reelTexts.videoNotFound }),
    caption: z
      .string({ error: () => reelTexts.captionTooLong })
      .trim()
      .max(reelLimits.maxCaptionLength, { error: () => reelTexts.captionTooLong })
      .default(''),
  })
  .meta({ example: { videoUrl: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4', caption: 'Sunset over Lekki 🌅' } });
export type CreateReelBody = z.infer<typeof createReelBody>;

export const reelIdParams = z.object({
  id: z.coerce
    .number({ error: () => reelTexts.notFound })
    .int()
    .positive({ error: () => reelTexts.notFound }),
});

/** POST /api/reels/{id}/like toggles (`{ liked }`), with the count after it. */
export const reelLikeAnswer = z
  .object({ liked: z.boolean(), likeCount: z.number().int() })
  .meta({ example: { liked: true, likeCount: 13 } });
/** POST /api/reels/{id}/share: one share per member (a second share changes nothing), with the count. */
export const reelShareAnswer = z
  .object({ shared: z.literal(true), shareCount: z.number().int() })
  .meta({ example: { shared: true, shareCount: 2 } });

/** The product's Reel comment, plus who wrote it and when. */
export const reelCommentSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    content: z.string(),
    userId: z.number().int(),
    name: z.string(),
    avatar: z.string(),
    createdAt: z.string(),
  })
  .meta({
    example: {
      id: 5,
      username: 'bola',
      content: 'Beautiful!',
      userId: 9,
      name: 'Bola Adeyemi',
      avatar: '/uploads/profile/defaultavatar.png',
      createdAt: '2026-11-26T08:20:00.000Z',
    },
  });
export type ReelComment = z.infer<typeof reelCommentSchema>;
/** GET /api/reels/{id}/comments: oldest first (a new one is appended), paged by `cursor` (the last id shown). */
export const reelCommentListSchema = z.array(reelCommentSchema);
export const reelCommentsQuery = z.object({
  cursor: z.coerce
    .number({ error: () => reelTexts.cursorInvalid })
    .int({ error: () => reelTexts.cursorInvalid })
    .min(0, { error: () => reelTexts.cursorInvalid })
    .optional(),
  limit: z.coerce.number().int().min(1).max(reelLimits.commentsPageSize).default(reelLimits.commentsPageSize),
});
/** POST /api/reels/{id}/comments: trimmed; blank is refused. */
export const createReelCommentBody = z
  .object({
    content: z
      .string({ error: () => reelTexts.commentRequired })
      .trim()
      .min(1, { error: () => reelTexts.commentRequired })
      .max(reelLimits.maxCommentLength, { error: () => reelTexts.commentTooLong }),
  })
  .meta({ example: { content: 'Beautiful!' } });
