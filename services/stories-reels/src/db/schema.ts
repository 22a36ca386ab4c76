/** Tables of the `stories_reels` schema (Drizzle views of the SQL in migrations.ts). */
import { CLIP_STATES, MEDIA_PURPOSES, STORY_TYPES } from '@kora/contracts';
import {
  erasedMembersTable,
  friendshipsTable,
  memberBlocksTable,
  memberMutesTable,
  memberPrivacyTable,
  memberSnapshotTable,
} from '@kora/platform/service';
import { bigint, doublePrecision, integer, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const storiesReelsSchema = (name: string) => {
  const schema = pgSchema(name);

  const stories = schema.table('stories', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: id('user_id').notNull(),
    url: text('url').notNull().unique(),
    type: text('type', { enum: STORY_TYPES }).notNull(),
    /** media's id of a video story; null for an image. */
    videoId: id('video_id'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    deletedAt: at('deleted_at'),
  });

  const storyViews = schema.table(
    'story_views',
    {
      storyId: id('story_id').notNull(),
      viewerId: id('viewer_id').notNull(),
      viewedAt: at('viewed_at').notNull(),
    },
    (t) => [primaryKey({ columns: [t.storyId, t.viewerId] })],
  );

  const reels = schema.table('reels', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: id('author_id').notNull(),
    videoUrl: text('video_url').notNull().unique(),
    videoId: id('video_id').notNull().unique(),
    caption: text('caption').notNull().default(''),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  });

  const reelLikes = schema.table(
    'reel_likes',
    { reelId: id('reel_id').notNull(), userId: id('user_id').notNull(), createdAt: at('created_at').notNull().defaultNow() },
    (t) => [primaryKey({ columns: [t.reelId, t.userId] })],
  );

  const reelComments = schema.table('reel_comments', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    reelId: id('reel_id').notNull(),
    userId: id('user_id').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  });

  const reelShares = schema.table(
    'reel_shares',
    { reelId: id('reel_id').notNull(), userId: id('user_id').notNull(), createdAt: at('created_at').notNull().defaultNow() },
    (t) => [primaryKey({ columns: [t.reelId, t.userId] })],
  );

  const videos = schema.table('videos', {
    videoId: id('video_id').primaryKey(),
    url: text('url').notNull().unique(),
    uploaderId: id('uploader_id').notNull(),
    purpose: text('purpose', { enum: MEDIA_PURPOSES }).notNull().default('post'),
    status: text('status', { enum: CLIP_STATES }).notNull(),
    posterUrl: text('poster_url'),
    durationSeconds: doublePrecision('duration_seconds'),
    width: integer('width'),
    height: integer('height'),
    error: text('error'),
    updatedAt: at('updated_at').notNull(),
  });

  return {
    stories,
    storyViews,
    reels,
    reelLikes,
    reelComments,
    reelShares,
    videos,
    members: memberSnapshotTable(schema),
    privacy: memberPrivacyTable(schema),
    friendships: friendshipsTable(schema),
    /** Erased members (decision 034): a write of theirs still in flight is refused. */
    erasedMembers: erasedMembersTable(schema),
    /** Projections of who blocked whom (decision 036) and what each member muted (decision 037). */
    blocks: memberBlocksTable(schema),
    mutes: memberMutesTable(schema),
  };
};

export type StoriesReelsTables = ReturnType<typeof storiesReelsSchema>;
export type StoryRow = StoriesReelsTables['stories']['$inferSelect'];
export type ReelRow = StoriesReelsTables['reels']['$inferSelect'];
export type VideoRow = StoriesReelsTables['videos']['$inferSelect'];
