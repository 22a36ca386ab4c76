/**
 * Migrations of the `posts` schema, applied in order at start-up and by `npm run migrate`.
 * The platform adds the outbox and processed-events tables first; this service's own tables are
 * appended here as its features land. Never edit a released migration: add a new one.
 */
import {
  erasedMembersSql,
  memberBlocksSql,
  memberMutesSql,
  memberPrivacySql,
  memberProSql,
  searchTextSql,
  type Migration,
} from '@kora/platform/service';
import { searchRankFunctionSql } from '../search/search-rank.js';

export const migrations: Migration[] = [
  {
    id: '0001_posts',
    sql: `
      create table {schema}.posts (
        id bigint generated always as identity primary key,
        author_id bigint not null,
        content text not null default '',
        media text[] not null default '{}',
        created_at timestamptz not null default now(),
        like_count integer not null default 0 check (like_count >= 0),
        comment_count integer not null default 0 check (comment_count >= 0),
        share_count integer not null default 0 check (share_count >= 0),
        deleted_at timestamptz,
        deleted_by_moderator boolean not null default false,
        shadow_hidden boolean not null default false
      );
      -- Feed, profile and memories: one author's live posts, newest first, keyset on (created_at, id).
      create index posts_author_feed_idx on {schema}.posts (author_id, created_at desc, id desc) where deleted_at is null;

      create table {schema}.likes (
        post_id bigint not null references {schema}.posts (id) on delete cascade,
        user_id bigint not null,
        created_at timestamptz not null default now(),
        primary key (post_id, user_id)
      );
      -- The most recent likers of a post without reading all of them.
      create index likes_recent_idx on {schema}.likes (post_id, created_at desc, user_id desc);

      create table {schema}.comments (
        id bigint generated always as identity primary key,
        post_id bigint not null references {schema}.posts (id) on delete cascade,
        user_id bigint not null,
        content text not null,
        created_at timestamptz not null default now()
      );
      create index comments_post_idx on {schema}.comments (post_id, created_at, id);

      -- One share per member per post (decision 009).
      create table {schema}.shares (
        post_id bigint not null references {schema}.posts (id) on delete cascade,
        user_id bigint not null,
        created_at timestamptz not null default now(),
        primary key (post_id, user_id)
      );

      create table {schema}.saves (
        user_id bigint not null,
        post_id bigint not null references {schema}.posts (id) on delete cascade,
        created_at timestamptz not null default now(),
        primary key (user_id, post_id)
      );
      -- The saved list, most recently saved first, keyset on (created_at, post_id).
      create index saves_user_recent_idx on {schema}.saves (user_id, created_at desc, post_id desc);

      -- Projections fed by other services' events (never read from their schemas).
      create table {schema}.authors (
        user_id bigint primary key,
        username text not null,
        profile_image text not null,
        updated_at timestamptz not null
      );

      create table {schema}.videos (
        url text primary key,
        status text not null check (status in ('processing', 'ready', 'failed')),
        poster_url text,
        duration_seconds double precision,
        updated_at timestamptz not null default now()
      );

      -- Both directions stored: "my friends" is one primary-key range scan on user_id.
      create table {schema}.friendships (
        user_id bigint not null,
        friend_id bigint not null,
        created_at timestamptz not null default now(),
        primary key (user_id, friend_id),
        check (user_id <> friend_id)
      );
    `,
  },
  {
    // Why a video failed, in words its uploader is shown on the post (media's `video.failed` reason).
    id: '0002_video_failure_reason',
    sql: `alter table {schema}.videos add column error text;`,
  },
  {
    // The authors projection becomes the platform's member snapshot (decision 016): same rows, the
    // shape every service keeps. The feed reads it by primary key as before (the index is renamed,
    // not rebuilt). What this projection never tracked is filled in from what it has: the display
    // name as displayName() shows a member without names (the username) until their next
    // snapshot; activation as true (posts does not read it; see 016); sign-up as the last snapshot.
    id: '0003_member_snapshot',
    sql: `
      alter table {schema}.authors rename to members;
      alter index {schema}.authors_pkey rename to members_pkey;
      alter table {schema}.members
        add column display_name text,
        add column activated boolean not null default false,
        add column joined_at timestamptz;
      update {schema}.members set display_name = username, activated = true, joined_at = updated_at;
      alter table {schema}.members alter column display_name set not null, alter column joined_at set not null;
    `,
  },
  {
    // Each member's profile audience decides who sees their posts (decision 020, "Post visibility"):
    // the settings service's privacy projection, read by the page queries.
    id: '0004_member_privacy',
    sql: memberPrivacySql,
  },
  {
    // `@username` mentions in posts and comments (decision 020, "Mentions and tag review"). One row
    // per member per text; `handle` is the name as the text writes it (what the client links).
    // Finding a mentioned name: case-insensitive lookups of the member snapshot's usernames.
    id: '0005_mentions',
    sql: `
      create table {schema}.mentions (
        id bigint generated always as identity primary key,
        post_id bigint not null references {schema}.posts (id) on delete cascade,
        comment_id bigint references {schema}.comments (id) on delete cascade,
        mentioned_user_id bigint not null,
        actor_id bigint not null,
        handle text not null,
        status text not null check (status in ('approved', 'pending', 'declined')),
        created_at timestamptz not null default now(),
        reviewed_at timestamptz,
        check (mentioned_user_id <> actor_id)
      );
      -- Once per member per text; also the post's mentions by post_id (comment_id 0 = the post itself).
      create unique index mentions_once_idx on {schema}.mentions (post_id, coalesce(comment_id, 0), mentioned_user_id);
      -- A comment's mentions, for the comments a page shows.
      create index mentions_comment_idx on {schema}.mentions (comment_id) where comment_id is not null;
      -- A member's mentions by state: their profile's tagged posts, their pending reviews.
      create index mentions_member_idx on {schema}.mentions (mentioned_user_id, status, created_at desc);
      create index members_username_lower_idx on {schema}.members (lower(username));
    `,
  },
  {
    // Group posts (decision 021): a post in a group has its group; null is the author's own
    // timeline. The groups service's events keep a projection of groups (title, privacy) and of
    // their approved members: the page queries read them, never the groups service.
    id: '0006_group_posts',
    sql: `
      alter table {schema}.posts add column group_id bigint;
      -- A group's page and the feed's group branch: one group's live posts, newest first.
      create index posts_group_feed_idx on {schema}.posts (group_id, created_at desc, id desc)
        where group_id is not null and deleted_at is null;
      -- The feed's friends branch and the profile: one author's live timeline posts only, so a
      -- friend's many group posts never cost the feed a row it then throws away.
      create index posts_author_timeline_idx on {schema}.posts (author_id, created_at desc, id desc)
        where group_id is null and deleted_at is null;

      create table {schema}.groups (
        group_id bigint primary key,
        title text not null,
        privacy text not null check (privacy in ('public', 'private')),
        owner_id bigint not null,
        updated_at timestamptz not null
      );
      create table {schema}.group_members (
        group_id bigint not null,
        user_id bigint not null,
        role text not null check (role in ('owner', 'admin', 'member')),
        primary key (group_id, user_id)
      );
      -- The groups a member is in (the feed's group branch).
      create index group_members_user_idx on {schema}.group_members (user_id, group_id);
    `,
  },
  {
    // The member snapshot learns each member's Pro plan (membership.changed): the verified badge.
    id: '0007_member_pro',
    sql: memberProSql,
  },
  {
    // Boosts (decision 023): the plans they are counted against, and the boosts themselves.
    id: '0008_boosts',
    sql: `
      -- Projection of wallet's membership.changed: the member's plan now.
      create table {schema}.memberships (
        user_id bigint primary key,
        started_at timestamptz not null,
        active_until timestamptz not null,
        boost_posts integer not null,
        changed_at timestamptz not null
      );
      -- One row per boosted post: boosting it again after it ran out moves boosted_at/until on.
      create table {schema}.boosts (
        id bigint generated always as identity primary key,
        post_id bigint not null constraint boosts_post_uq unique,
        author_id bigint not null,
        boosted_at timestamptz not null,
        boosted_until timestamptz not null
      );
      -- The quota: a member's boosts made since their run started.
      create index boosts_author_idx on {schema}.boosts (author_id, boosted_at);
      -- The feed's sponsored pick: only the boosts still running, newest first.
      create index boosts_running_idx on {schema}.boosts (boosted_until, id);
    `,
  },
  {
    // Moderation from the back office (decision 024): comments a moderator removed, and members'
    // reports on posts and comments.
    id: '0009_reports',
    sql: `
      -- A removed comment leaves every list and the post's count; the row stays for the audit.
      alter table {schema}.comments add column removed_at timestamptz;

      create table {schema}.reports (
        id bigint generated always as identity primary key,
        reporter_id bigint not null,
        target_type text not null check (target_type in ('post', 'comment')),
        target_id bigint not null,
        -- The post itself, or the post the comment is on (the admin opens it).
        post_id bigint not null,
        reason text not null check (reason in ('spam', 'harassment', 'nudity', 'violence', 'other')),
        note text not null default '',
        status text not null default 'open' check (status in ('open', 'resolved', 'dismissed')),
        -- remove or shadow when resolved with an action; null when open or dismissed.
        moderation text check (moderation in ('remove', 'shadow')),
        created_at timestamptz not null default now(),
        closed_at timestamptz,
        closed_by bigint,
        -- Once per member and item: two concurrent reports store one.
        constraint reports_once_uq unique (reporter_id, target_type, target_id)
      );
      -- An item's open reports (the admin list's groups, the close, the post list's counts).
      create index reports_open_target_idx on {schema}.reports (target_type, target_id) where status = 'open';
      -- The closed list's groups.
      create index reports_target_status_idx on {schema}.reports (status, target_type, target_id);
      -- The dashboard's posts per day.
      create index posts_created_idx on {schema}.posts (created_at) where deleted_at is null;
    `,
  },
  {
    // Search and hashtags (decision 025): the posts' full-text vector, each post's and comment's
    // tags, the group cards search shows, people search over the member snapshot, and who is
    // suspended (left out of people lists). Existing posts' and comments' tags are filled in by
    // JavaScript at the next start (posts/hashtag-backfill.ts: the #tag rule is Unicode-aware, which SQL
    // regular expressions under the C locale are not); the pending row says it is still to do.
    id: '0010_search',
    sql: `${searchTextSql}
      -- Unaccented, lower case, one lexeme per word (no stemming: names and places are searched).
      alter table {schema}.posts add column search_vector tsvector
        generated always as (to_tsvector('simple', public.kora_search_text(content))) stored;
      create index posts_search_idx on {schema}.posts using gin (search_vector);

      -- One row per tag of a post's own text (comment_id null) or of one of its comments.
      create table {schema}.hashtags (
        post_id bigint not null,
        comment_id bigint,
        tag text not null,
        created_at timestamptz not null
      );
      create unique index hashtags_once_uq on {schema}.hashtags (post_id, coalesce(comment_id, 0), tag);
      -- A tag's posts newest first, and tags starting with what was typed (text_pattern_ops: like 'ab%').
      create index hashtags_tag_idx on {schema}.hashtags (tag text_pattern_ops, created_at desc, post_id desc);
      -- Trending: the last days' rows, grouped by tag.
      create index hashtags_trending_idx on {schema}.hashtags (created_at, tag);

      create table {schema}.pending_backfills (name text primary key);
      insert into {schema}.pending_backfills (name) values ('hashtags');

      -- The group card search shows (groups' events carry both; filled as groups change).
      alter table {schema}.groups add column description text not null default '';
      alter table {schema}.groups add column picture text;
      create index groups_search_idx on {schema}.groups
        using gin (public.kora_search_text(title || ' ' || description) public.gin_trgm_ops);

      -- People search: names and usernames, unaccented, by trigram.
      create index members_search_idx on {schema}.members
        using gin (public.kora_search_text(display_name || ' ' || username) public.gin_trgm_ops);
      -- Pro users, latest plan first.
      create index members_pro_idx on {schema}.members (pro_changed_at desc) where pro_until is not null;

      -- Projection of auth's user.status-changed: suspended members leave people lists.
      create table {schema}.suspended_members (
        user_id bigint primary key,
        suspended_at timestamptz not null
      );
    `,
  },
  {
    // Erasing a member (decision 034): their posts, comments and reactions go; a write of theirs
    // still in flight is refused.
    id: '0011_erased_members',
    sql: `
      ${erasedMembersSql}
    `,
  },
  {
    // Blocks and mutes (decisions 036 and 037): the platform's projections of the friends service's
    // blocks and the settings service's mutes, read by every page's visibility rule and the feed.
    id: '0012_blocks_mutes',
    sql: `${memberBlocksSql}
      ${memberMutesSql}`,
  },
  {
    // Light media (decision 044): the photos' sizes, formats and placeholders (projection of media's
    // photo.stored, by URL), and each video's renditions (json, not jsonb: a post's JSON carries the
    // text exactly as media wrote it).
    id: '0013_light_media',
    sql: `
      create table {schema}.photos (
        url text primary key,
        uploader_id bigint not null,
        width integer not null,
        height integer not null,
        placeholder text,
        widths integer[] not null,
        formats text[] not null
      );
      create index photos_uploader_idx on {schema}.photos (uploader_id);
      alter table {schema}.videos add column renditions json;
    `,
  },
  {
    // Search at scale (decision 047). Posts rank by "best": a rank PostgreSQL keeps from the post's
    // age and engagement, and an index in that order, so a common word's first page reads a few
    // hundred posts rather than every match. People: the folded name stored once (no unaccent per
    // row) with its trigram count, the closest first, and an index in that order holding the name.
    id: '0014_search_at_scale',
    sql: `${searchRankFunctionSql}
      alter table {schema}.posts add column search_rank double precision
        generated always as (public.kora_search_rank(like_count, comment_count, share_count, created_at)) stored;
      create index posts_search_rank_idx on {schema}.posts (search_rank desc, id desc) where deleted_at is null;
      alter table {schema}.members
        add column search_name text generated always as (public.kora_search_text(display_name || ' ' || username)) stored,
        add column search_size integer generated always as
          (coalesce(array_length(public.show_trgm(public.kora_search_text(display_name || ' ' || username)), 1), 0)) stored;
      drop index {schema}.members_search_idx;
      create index members_search_name_idx on {schema}.members using gin (search_name public.gin_trgm_ops);
      create index members_search_size_idx on {schema}.members (search_size, user_id) include (search_name) where activated;
    `,
  },
];
