/**
 * The posts API (posts service): posts, likes, comments, shares, saves, memories and the feed.
 * Request and response schemas and the product's texts live here once: the posts service validates
 * with them, the web app reuses them for its forms, and the gateway docs are generated from them.
 *
 * Shapes follow the product's Post (docs/product/posts-and-feed.md: id, author, content, images,
 * videos, likes [{userId}], comments [...], shareCount, hasShared, hasSaved, createdAt); the extra
 * fields (counts, hasLiked, video processing state) are ours (docs/decisions/009-posts-and-feed.md).
 */
import { z } from 'zod';
import { photoDetailsExample, photoDetailsSchema, videoRenditionSchema } from './media.js';
import { postLimits, postTexts, POST_MEDIA_URL } from './posts-texts.js';

export * from './posts-texts.js';
export * from './mention-text.js';

export const postMediaItem = z.object({
  url: z.string().regex(POST_MEDIA_URL, { error: () => postTexts.mediaInvalid }),
  /** Sent by the product's clients; the server derives the type from the URL regardless. */
  type: z.enum(['image', 'video']).optional(),
});

/** POST /api/posts. Content and media are both optional, but not both empty (checked by the service). */
export const createPostBody = z
  .object({
    userId: z.coerce.number().int().positive(),
    content: z.string().max(100_000).default(''),
    media: z
      .array(postMediaItem)
      .max(postLimits.maxMediaPerPost, { error: () => postTexts.tooManyMedia(postLimits.maxMediaPerPost) })
      .default([]),
    /** Posts into this group (its members only). Absent or null: a post on the author's own timeline. */
    groupId: z.coerce
      .number({ error: () => postTexts.groupInvalid })
      .int({ error: () => postTexts.groupInvalid })
      .positive({ error: () => postTexts.groupInvalid })
      .nullable()
      .default(null),
  })
  .meta({
    example: {
      userId: 7,
      content: 'Jollof at the beach this evening #Lagos',
      media: [{ url: '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp', type: 'image' }],
    },
  });
export type CreatePostBody = z.infer<typeof createPostBody>;

export const reactBody = z
  .object({ reaction: z.literal('like', { error: () => postTexts.reactionInvalid }).default('like') })
  .meta({ example: { reaction: 'like' } });
export const commentBody = z
  .object({
    content: z
      .string({ error: () => postTexts.commentBlank })
      .trim()
      .min(1, { error: () => postTexts.commentBlank })
      .max(postLimits.maxCommentLength, { error: () => postTexts.commentTooLong(postLimits.maxCommentLength) }),
  })
  .meta({ example: { content: 'Save me a plate!' } });
export const saveBody = z.object({ postId: z.coerce.number().int().positive() }).meta({ example: { postId: 42 } });

/** The cursor that asks for the first page, as clients written from the product rules send it. */
export const FIRST_PAGE_CURSOR = '0';

/** Keyset pages: `cursor` is opaque (from the previous page's `X-Next-Cursor`); `0` is the first page. */
export const pageQuery = z.object({
  cursor: z
    .string()
    .max(200)
    .optional()
    // Clients start at cursor 0 (decision 015).
    .transform((cursor) => (cursor === FIRST_PAGE_CURSOR ? undefined : cursor))
    .describe("From the previous page's X-Next-Cursor; 0 or none for the first page"),
  limit: z.coerce.number().int().min(1).max(postLimits.maxPageSize).default(postLimits.feedPageSize),
});
/** GET /api/posts: the feed, or one author's posts with `authorId` (the profile page). */
export const feedQuery = pageQuery.extend({ authorId: z.coerce.number().int().positive().optional() });

/**
 * `name`: how the member is named to others (contracts' `displayName`: first and last name, else
 * the username; added after the product's fields). `verified`: the author has an active Pro
 * package (its verified badge; decision 023).
 */
export const postAuthorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  profileImage: z.string(),
  verified: z.boolean(),
});

/**
 * An approved mention in a post's or a comment's text: the member, and the name as the text writes
 * it (the client links `@{username}` there, matching case-insensitively). Pending and declined
 * mentions are not listed, so their names stay plain text.
 */
export const postMentionSchema = z.object({ userId: z.number().int(), username: z.string() });
export type PostMention = z.infer<typeof postMentionSchema>;

const postCommentExample = {
  id: 3,
  userId: 9,
  username: 'bola',
  name: 'Bola Adeyemi',
  profileImage: '/uploads/profile/defaultavatar.png',
  content: 'Save me a plate, @adaeze.okafor!',
  createdAt: '2026-11-26T18:05:00.000Z',
  mentions: [{ userId: 7, username: 'adaeze.okafor' }],
  verified: false,
};
export const postCommentSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    /** The commenter's display name (`displayName`; added after the product's fields). */
    name: z.string(),
    profileImage: z.string(),
    content: z.string(),
    createdAt: z.string(),
    /** Approved mentions in the comment (added after the product's fields). */
    mentions: z.array(postMentionSchema),
    /** The commenter has an active Pro package (decision 023). */
    verified: z.boolean(),
  })
  .meta({ example: postCommentExample });
export type PostComment = z.infer<typeof postCommentSchema>;

/** A video's processing state, from the media service's events. */
export const postVideoSchema = z.object({
  url: z.string(),
  status: z.enum(['processing', 'ready', 'failed']),
  posterUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** Why a failed video failed, in words for its viewers (media's reason); null otherwise. */
  error: z.string().nullable(),
  /** Every playable file, smallest first, for videos processed since decision 044 (else only `url` plays). */
  renditions: z.array(videoRenditionSchema).optional(),
});
export type PostVideo = z.infer<typeof postVideoSchema>;

export const postSchema = z
  .object({
    id: z.number().int(),
    author: postAuthorSchema,
    content: z.string(),
    images: z.array(z.string()),
    videos: z.array(z.string()),
    /** The same videos with their processing state (ready ones play; processing ones show a notice). */
    videoDetails: z.array(postVideoSchema),
    likes: z.array(z.object({ userId: z.number().int() })),
    likeCount: z.number().int(),
    hasLiked: z.boolean(),
    comments: z.array(postCommentSchema),
    commentCount: z.number().int(),
    shareCount: z.number().int(),
    hasShared: z.boolean(),
    hasSaved: z.boolean(),
    createdAt: z.string(),
    /** Moderation state; only the author ever receives a shadow-hidden post. */
    isShadowHidden: z.boolean(),
    /** Approved mentions in the post's text (the client links them to the members' profiles). */
    mentions: z.array(postMentionSchema),
    /** The group it was posted in (the card shows "in {title}", linked), or null. */
    group: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    /**
     * A boosted post shown to a member outside the author's friends (at most one per feed page,
     * marked Sponsored; decision 023). False everywhere else.
     */
    sponsored: z.boolean(),
    /**
     * The photos stored in several sizes and formats (decision 044), in order, with their dimensions
     * and placeholder; a photo stored before has no entry here and is shown from its URL alone.
     */
    imageDetails: z.array(photoDetailsSchema).optional(),
  })
  .meta({
    // Shown in /api/docs (decision 015: an example per route).
    example: {
      id: 42,
      author: {
        id: 7,
        username: 'adaeze.okafor',
        name: 'Adaeze Okafor',
        profileImage: '/uploads/profile/defaultavatar.png',
        verified: true,
      },
      content: 'Jollof at the beach this evening with @bola #Lagos',
      images: ['/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp'],
      videos: [],
      videoDetails: [],
      likes: [{ userId: 9 }],
      likeCount: 1,
      hasLiked: false,
      comments: [postCommentExample],
      commentCount: 1,
      shareCount: 0,
      hasShared: false,
      hasSaved: false,
      createdAt: '2026-11-26T18:00:00.000Z',
      isShadowHidden: false,
      mentions: [{ userId: 9, username: 'bola' }],
      group: null,
      sponsored: false,
      imageDetails: [photoDetailsExample],
    },
  });
export type Post = z.infer<typeof postSchema>;

/**
 * The feed, one author's posts, the saved posts and memories answer a bare array of posts (the
 * product's "list of posts"); paged lists say where the next page is in `Link` and `X-Next-Cursor`
 * headers (decision 015).
 */
export const postListSchema = z.array(postSchema);
/** One page of a post list as a client holds it: the array, and the `X-Next-Cursor` it came with. */
export interface PostPage {
  posts: Post[];
  nextCursor: string | null;
}

export const likeAnswer = z.object({ liked: z.boolean(), likeCount: z.number().int() }).meta({ example: { liked: true, likeCount: 2 } });
export const shareAnswer = z
  .object({ shared: z.boolean(), shareCount: z.number().int() })
  .meta({ example: { shared: true, shareCount: 1 } });
/** DELETE /api/posts/{id}: a message of its own, so the docs' example is the text it answers. */
export const postDeletedAnswer = z.object({ message: z.string() }).meta({ example: { message: postTexts.deleted } });
export const saveAnswer = z.object({ saved: z.boolean(), postId: z.number().int() }).meta({ example: { saved: true, postId: 42 } });
/** The day GET /api/memories remembered (YYYY-MM-DD, in the site's time zone), beside its bare array. */
export const MEMORIES_DATE_HEADER = 'x-memories-date';

/** POST /api/posts/mentions/{mentionId}/approve and /decline: the mention's state after the answer. */
export const mentionReviewAnswer = z
  .object({ mentionId: z.number().int(), status: z.enum(['approved', 'declined']) })
  .meta({ example: { mentionId: 12, status: 'approved' } });
export type MentionReviewAnswer = z.infer<typeof mentionReviewAnswer>;

/** GET /api/posts/mentions/pending: one mention waiting for the caller's review (tag review on). */
export const pendingMentionSchema = z
  .object({
    mentionId: z.number().int(),
    postId: z.number().int(),
    /** The comment the mention is in; null when it is in the post itself. */
    commentId: z.number().int().nullable(),
    /** Who mentioned the caller. */
    actor: postAuthorSchema,
    /** The start of the post or comment, as notifications show it. */
    excerpt: z.string(),
    createdAt: z.string(),
  })
  .meta({
    example: {
      mentionId: 12,
      postId: 42,
      commentId: null,
      actor: {
        id: 7,
        username: 'adaeze.okafor',
        name: 'Adaeze Okafor',
        profileImage: '/uploads/profile/defaultavatar.png',
        verified: false,
      },
      excerpt: 'Jollof at the beach this evening with @bola #Lagos',
      createdAt: '2026-11-26T18:00:00.000Z',
    },
  });
export type PendingMention = z.infer<typeof pendingMentionSchema>;
export const pendingMentionList = z.array(pendingMentionSchema);
