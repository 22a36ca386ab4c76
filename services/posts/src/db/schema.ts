/** Tables of the `posts` schema (Drizzle views of the SQL in migrations.ts). */
import { GROUP_PRIVACIES, GROUP_ROLES, REPORT_MODERATIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '@kora/contracts';
import { friendshipsTable, memberPrivacyTable, memberSnapshotTable } from '@kora/platform/service';
import { bigint, boolean, doublePrecision, integer, pgSchema, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const postsSchema = (name: string) => {
  const schema = pgSchema(name);

  const posts = schema.table('posts', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: id('author_id').notNull(),
    content: text('content').notNull().default(''),
    /** Media URLs in upload order; the type of each comes from its path (`mediaTypeOf`). */
    media: text('media').array().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Denormalised counters, changed in the same transaction as the like, comment or share. */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    /** Moderation state (see moderation/post-state.ts). */
    deletedAt: at('deleted_at'),
    deletedByModerator: boolean('deleted_by_moderator').notNull().default(false),
    shadowHidden: boolean('shadow_hidden').notNull().default(false),
    /** The group it was posted in (decision 021); null: the author's own timeline. */
    groupId: id('group_id'),
  });

  const likes = schema.table(
    'likes',
    {
      postId: id('post_id').notNull(),
      userId: id('user_id').notNull(),
      createdAt: at('created_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.postId, t.userId] })],
  );

  const comments = schema.table('comments', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: id('post_id').notNull(),
    userId: id('user_id').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Removed by a moderator (decision 024): gone from lists and the post's count. */
    removedAt: at('removed_at'),
  });

  const shares = schema.table(
    'shares',
    {
      postId: id('post_id').notNull(),
      userId: id('user_id').notNull(),
      createdAt: at('created_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.postId, t.userId] })],
  );

  const saves = schema.table(
    'saves',
    {
      userId: id('user_id').notNull(),
      postId: id('post_id').notNull(),
      createdAt: at('created_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.postId] })],
  );

  /** Projection of auth's members (decision 016): what a post shows of its author and commenters. */
  const members = memberSnapshotTable(schema);

  /** Projection of media's video events, keyed by the public URL a post carries. */
  const videos = schema.table('videos', {
    url: text('url').primaryKey(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull(),
    posterUrl: text('poster_url'),
    durationSeconds: doublePrecision('duration_seconds'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Why it failed, as media said it (null unless failed). */
    error: text('error'),
  });

  /** Projection of the friends service's graph (the platform's shape, decision 016). */
  const friendships = friendshipsTable(schema);

  /** Projection of the settings service's privacy settings: whose posts whom (decision 020). */
  const privacy = memberPrivacyTable(schema);

  /** `@username` mentions in a post (commentId null) or a comment; see posts/mentions.ts. */
  const mentions = schema.table('mentions', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: id('post_id').notNull(),
    commentId: id('comment_id'),
    mentionedUserId: id('mentioned_user_id').notNull(),
    actorId: id('actor_id').notNull(),
    /** The name as the text writes it. */
    handle: text('handle').notNull(),
    status: text('status', { enum: ['approved', 'pending', 'declined'] }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    reviewedAt: at('reviewed_at'),
  });

  /** Projection of the groups service's groups: what a group post shows and who may see it (decision 021). */
  const groups = schema.table('groups', {
    groupId: id('group_id').primaryKey(),
    title: text('title').notNull(),
    privacy: text('privacy', { enum: GROUP_PRIVACIES }).notNull(),
    ownerId: id('owner_id').notNull(),
    updatedAt: at('updated_at').notNull(),
  });

  /** Projection of the groups' approved members (pending requests are not members). */
  const groupMembers = schema.table(
    'group_members',
    {
      groupId: id('group_id').notNull(),
      userId: id('user_id').notNull(),
      role: text('role', { enum: GROUP_ROLES }).notNull(),
    },
    (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
  );

  /**
   * Projection of wallet's `membership.changed` (decision 023): each member's plan now, what boosts
   * are counted against. Its row is what a boost locks, so concurrent boosts take turns.
   */
  const memberships = schema.table('memberships', {
    userId: id('user_id').primaryKey(),
    startedAt: at('started_at').notNull(),
    activeUntil: at('active_until').notNull(),
    boostPosts: integer('boost_posts').notNull(),
    /** `occurredAt` of the event applied: an older event never overwrites a newer one. */
    changedAt: at('changed_at').notNull(),
  });

  /** A post's boost (one row per post; boosting it again after it ran out moves it on). */
  const boosts = schema.table('boosts', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: id('post_id').notNull().unique('boosts_post_uq'),
    authorId: id('author_id').notNull(),
    boostedAt: at('boosted_at').notNull(),
    boostedUntil: at('boosted_until').notNull(),
  });

  /** A member's report on a post or a comment (decision 024); once per member and item. */
  const reports = schema.table(
    'reports',
    {
      id: id('id').primaryKey().generatedAlwaysAsIdentity(),
      reporterId: id('reporter_id').notNull(),
      targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
      targetId: id('target_id').notNull(),
      postId: id('post_id').notNull(),
      reason: text('reason', { enum: REPORT_REASONS }).notNull(),
      note: text('note').notNull().default(''),
      status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
      moderation: text('moderation', { enum: REPORT_MODERATIONS }),
      createdAt: at('created_at').notNull().defaultNow(),
      closedAt: at('closed_at'),
      closedBy: id('closed_by'),
    },
    (t) => [unique('reports_once_uq').on(t.reporterId, t.targetType, t.targetId)],
  );

  return { posts, likes, reports, comments, shares, saves, members, videos, friendships, privacy, mentions, groups, groupMembers, memberships, boosts };
};

export type PostsTables = ReturnType<typeof postsSchema>;
