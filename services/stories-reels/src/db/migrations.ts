/**
 * Migrations of the `stories_reels` schema, applied in order at start-up and by `npm run migrate`.
 * The platform adds the outbox and processed-events tables first. Never edit a released
 * migration: add a new one.
 */
import {
  friendshipsSql,
  memberBlocksSql,
  memberMutesSql,
  memberPrivacySql,
  memberProSql,
  memberSnapshotSql,
  type Migration,
  erasedMembersSql,
} from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_stories_reels',
    sql: `
      -- A story is served until expires_at (created_at + 24 h), checked on every read; the purge job
      -- removes its files afterwards (or after its owner deleted it) and then the row.
      create table {schema}.stories (
        id bigint generated always as identity primary key,
        user_id bigint not null,
        url text not null unique,
        type text not null check (type in ('image', 'video')),
        -- media's id of a video story (its state is in the videos projection); null for an image.
        video_id bigint,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        -- Set when the owner deletes it: never served again, files removed by the purge job.
        deleted_at timestamptz,
        check ((type = 'video') = (video_id is not null)),
        check (expires_at > created_at)
      );
      -- A member's live stories (the strip, the owner's limit).
      create index stories_user_live_idx on {schema}.stories (user_id, expires_at) where deleted_at is null;
      -- The purge job: expired or deleted stories, oldest first.
      create index stories_expiry_idx on {schema}.stories (expires_at);
      create index stories_deleted_idx on {schema}.stories (deleted_at) where deleted_at is not null;

      -- Who saw which story, once each (the owner's own views are not recorded).
      create table {schema}.story_views (
        story_id bigint not null references {schema}.stories (id) on delete cascade,
        viewer_id bigint not null,
        viewed_at timestamptz not null,
        primary key (story_id, viewer_id)
      );
      -- The viewers list, most recent first (keyset paging).
      create index story_views_recent_idx on {schema}.story_views (story_id, viewed_at desc, viewer_id desc);
      -- The strip's "unseen" test for one viewer.
      create index story_views_viewer_idx on {schema}.story_views (viewer_id, story_id);

      create table {schema}.reels (
        id bigint generated always as identity primary key,
        author_id bigint not null,
        video_url text not null unique,
        video_id bigint not null unique,
        caption text not null default '',
        -- Changed only in the transaction that adds or removes the counted row, so each always
        -- equals its rows.
        like_count integer not null default 0 check (like_count >= 0),
        comment_count integer not null default 0 check (comment_count >= 0),
        share_count integer not null default 0 check (share_count >= 0),
        created_at timestamptz not null default now(),
        deleted_at timestamptz
      );
      -- The feed: newest first (keyset on id).
      create index reels_feed_idx on {schema}.reels (id desc) where deleted_at is null;
      create index reels_author_idx on {schema}.reels (author_id, id desc) where deleted_at is null;

      create table {schema}.reel_likes (
        reel_id bigint not null references {schema}.reels (id) on delete cascade,
        user_id bigint not null,
        created_at timestamptz not null default now(),
        primary key (reel_id, user_id)
      );
      create table {schema}.reel_comments (
        id bigint generated always as identity primary key,
        reel_id bigint not null references {schema}.reels (id) on delete cascade,
        user_id bigint not null,
        content text not null check (length(content) > 0),
        created_at timestamptz not null default now()
      );
      -- A reel's comments, oldest first (keyset on id).
      create index reel_comments_reel_idx on {schema}.reel_comments (reel_id, id);
      -- One share per member and reel.
      create table {schema}.reel_shares (
        reel_id bigint not null references {schema}.reels (id) on delete cascade,
        user_id bigint not null,
        created_at timestamptz not null default now(),
        primary key (reel_id, user_id)
      );

      -- Projection of media's videos (video.uploaded / processed / failed), by media's id: whether a
      -- story's or reel's video plays yet, its poster and real length. A finished video stays
      -- finished, so late or repeated events are harmless.
      create table {schema}.videos (
        video_id bigint primary key,
        url text not null unique,
        uploader_id bigint not null,
        purpose text not null default 'post' check (purpose in ('post', 'story', 'reel')),
        status text not null check (status in ('processing', 'ready', 'failed')),
        poster_url text,
        duration_seconds double precision,
        width integer,
        height integer,
        error text,
        updated_at timestamptz not null
      );
      ${memberSnapshotSql}
      ${memberPrivacySql}
      ${friendshipsSql}
    `,
  },
  {
    // The member snapshot learns each member's Pro plan (membership.changed): the verified badge.
    id: '0002_member_pro',
    sql: memberProSql,
  },
  {
    // Erasing a member (decision 034): a story, reel or reaction of theirs still in flight is refused.
    id: '0003_erased_members',
    sql: `
      ${erasedMembersSql}
    `,
  },
  {
    // Blocks and mutes (decisions 036 and 037): who blocked whom, and whom and which words each member
    // muted; the strips, the reels feed and every reel and story read apply them.
    id: '0004_blocks_mutes',
    sql: `${memberBlocksSql}
      ${memberMutesSql}`,
  },
];
