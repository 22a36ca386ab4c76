/**
 * Migrations of the `media` schema, applied in order at start-up and by `npm run migrate`.
 * The platform adds the outbox and processed-events tables first; this service's own tables are
 * appended here as its features land. Never edit a released migration: add a new one.
 */
import type { Migration } from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_videos',
    sql: `
      create table {schema}.videos (
        id bigint generated always as identity primary key,
        uploader_id bigint not null,
        incoming_key text not null,
        source_mime text not null,
        key text not null unique,
        poster_key text not null unique,
        status text not null default 'processing' check (status in ('processing', 'ready', 'failed')),
        progress integer not null default 0 check (progress between 0 and 100),
        duration_seconds double precision,
        width integer,
        height integer,
        bytes bigint,
        error text,
        attempts integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      -- The worker's start-up sweep looks for videos still waiting.
      create index videos_processing_idx on {schema}.videos (id) where status = 'processing';
    `,
  },
  {
    id: '0002_video_purpose',
    sql: `
      -- What the video was uploaded for (decision 022): it picks the worker's length rule and size box.
      -- Videos uploaded before stories and reels were all for posts.
      alter table {schema}.videos
        add column purpose text not null default 'post' check (purpose in ('post', 'story', 'reel'));
    `,
  },
  {
    id: '0003_video_source_bytes',
    sql: `
      -- The uploaded file's size, so a video uploaded for any purpose can be judged by the reel rules
      -- (decision 022). Unknown (null) for videos uploaded before it was kept.
      alter table {schema}.videos add column source_bytes bigint;
    `,
  },
  {
    // Erasing a member (decision 034): which stored uploads are whose, and who is gone.
    id: '0004_uploads_by_member',
    sql: `
      -- Every upload stored from now on, by its uploader: an erased member's files are found here.
      -- (A video's poster and raw upload are named by its key.)
      create table {schema}.uploads (
        key text primary key,
        uploader_id bigint not null,
        created_at timestamptz not null default now()
      );
      create index uploads_uploader_idx on {schema}.uploads (uploader_id);
      -- Members whose account was erased: an upload of theirs still in flight is refused.
      create table {schema}.erased_members (
        user_id bigint primary key,
        erased_at timestamptz not null default now()
      );
    `,
  },
  {
    id: '0005_archives',
    sql: `
      -- Members' data archives (decision 035): one row per member, the latest request. The primary key
      -- is what refuses a second request within 24 hours, even two sent at the same moment.
      create table {schema}.archives (
        user_id bigint primary key,
        id text not null unique,
        status text not null default 'preparing' check (status in ('preparing', 'ready', 'failed', 'expired')),
        key text,
        bytes bigint,
        error text,
        requested_at timestamptz not null default now(),
        ready_at timestamptz,
        expires_at timestamptz
      );
      -- The sweep looks for ready archives past their expiry.
      create index archives_expiry_idx on {schema}.archives (expires_at) where status = 'ready';
    `,
  },
  {
    id: '0006_video_renditions',
    sql: `
      -- Light media (decision 044): a ready video's playable files, smallest first ([{url, width,
      -- height}]). Null for videos processed before: their URL is their one file.
      alter table {schema}.videos add column renditions jsonb;
    `,
  },
];
