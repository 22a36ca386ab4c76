/**
 * The stories API (stories-reels service; docs/product/stories-and-reels.md). `POST /api/stories`
 * (multipart, field `media`, one photo or video) answers the product's `{ id, url, type }`;
 * `GET /api/stories` answers its story groups, as a bare array (decision 015). What the product
 * leaves open (seen state, viewers, deleting, a video's processing state, expiry) is ours: decision 022.
 */
import { z } from 'zod';
import { CLIP_STATES, STORY_TYPES, storyLimits, storyTexts } from './stories-texts.js';

export * from './stories-texts.js';

const storyExample = {
  id: 88,
  url: '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp',
  type: 'image' as const,
  createdAt: '2026-11-26T08:15:00.000Z',
  userId: 7,
  expiresAt: '2026-11-27T08:15:00.000Z',
  state: 'ready' as const,
  posterUrl: null,
  error: null,
  seen: false,
  viewCount: null,
};

/** The product's Story, plus what a viewer needs: expiry, a video's state and poster, and the seen mark. */
export const storySchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    type: z.enum(STORY_TYPES),
    createdAt: z.string(),
    userId: z.number().int(),
    /** 24 hours after createdAt: never served after that. */
    expiresAt: z.string(),
    /** Images are ready at once; a video is shown to others only once `ready`. */
    state: z.enum(CLIP_STATES),
    /** A ready video's poster frame; null otherwise. */
    posterUrl: z.string().nullable(),
    /** Why a video failed (the owner sees it, e.g. "Story videos can be up to 60 seconds"); null otherwise. */
    error: z.string().nullable(),
    /** Whether the caller has viewed it (their own stories are always seen). */
    seen: z.boolean(),
    /** How many members viewed it: for the owner only, null for everyone else. */
    viewCount: z.number().int().nullable(),
  })
  .meta({ example: storyExample });
export type Story = z.infer<typeof storySchema>;

const storyGroupExample = {
  userId: 7,
  username: 'adaeze',
  name: 'Adaeze Okafor',
  avatar: '/uploads/profile/defaultavatar.png',
  hasUnseen: true,
  stories: [storyExample],
};

/** The product's Story group: one member's live stories, oldest first (the order they play in). */
export const storyGroupSchema = z
  .object({
    userId: z.number().int(),
    username: z.string(),
    /** First and last name, else the username. */
    name: z.string(),
    avatar: z.string(),
    /** Some story of the group not yet viewed by the caller (the ring is coloured). */
    hasUnseen: z.boolean(),
    stories: z.array(storySchema),
  })
  .meta({ example: storyGroupExample });
export type StoryGroup = z.infer<typeof storyGroupSchema>;

/**
 * GET /api/stories: the caller's group first (when they have live stories), then their friends'
 * groups with unseen stories, then the rest, each part most recent first; at most
 * `storyLimits.maxGroups` groups.
 */
export const storyGroupListSchema = z.array(storyGroupSchema);

/** POST /api/stories (201): the product's answer, plus the state (a video is processed first). */
export const createdStorySchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    type: z.enum(STORY_TYPES),
    state: z.enum(CLIP_STATES),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({
    example: {
      id: 89,
      url: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4',
      type: 'video',
      state: 'processing',
      createdAt: '2026-11-26T09:00:00.000Z',
      expiresAt: '2026-11-27T09:00:00.000Z',
    },
  });
export type CreatedStory = z.infer<typeof createdStorySchema>;

export const storyIdParams = z.object({
  id: z.coerce
    .number({ error: () => storyTexts.notFound })
    .int()
    .positive({ error: () => storyTexts.notFound }),
});

/** POST /api/stories/{id}/view: recorded once per viewer; the owner's own views are not recorded. */
export const storyViewAnswer = z.object({ seen: z.literal(true) }).meta({ example: { seen: true } });

/** GET /api/stories/{id}/viewers (owner only): most recent first, paged by `cursor` (decision 015). */
export const storyViewerSchema = z
  .object({ userId: z.number().int(), username: z.string(), name: z.string(), avatar: z.string(), viewedAt: z.string() })
  .meta({
    example: {
      userId: 9,
      username: 'bola',
      name: 'Bola Adeyemi',
      avatar: '/uploads/profile/defaultavatar.png',
      viewedAt: '2026-11-26T08:20:00.000Z',
    },
  });
export type StoryViewer = z.infer<typeof storyViewerSchema>;
export const storyViewerListSchema = z.array(storyViewerSchema);
export const storyViewersQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(storyLimits.viewersPageSize).default(storyLimits.viewersPageSize),
});
