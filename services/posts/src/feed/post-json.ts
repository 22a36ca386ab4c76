/**
 * A page of posts as PostgreSQL writes it: one statement answers each shown post as the API's JSON
 * text (`postSchema`, keys in the schema's order), with its author, the viewer's flags, the newest
 * likers, the first comments with their authors and the videos' states. The service sends those
 * texts on as they are: no row is parsed field by field, no object built, nothing serialised again
 * (on the feed that was most of the posts service's CPU: docs/performance.md, decision 014).
 *
 * The text is exactly what the route's schema serialiser would write for the same post (compact,
 * the same escapes, dates as `toISOString()` writes them): `post-json.test.ts` holds the two side
 * by side. `to_json` of a row is compact; `json_build_object` and `json_agg` put spaces in, so they
 * are not used.
 */
import { DEFAULT_AVATAR } from '@kora/contracts';
import { notBlockedWith, timeKeySql } from '@kora/platform/service';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';

/** Lists carry this many likers (the caller is added when they liked) and this many comments. */
export const LIST_LIKERS = 50;
export const LIST_COMMENTS = 50;
/** The single-post page carries more of the conversation. */
export const SINGLE_POST_COMMENTS = 1_000;

/** A shown post: its JSON text and the key a cursor after it is made of. */
export interface PostJsonRow {
  post: string;
  page_at: string;
  id: number;
  /** The feed's boosted post (decision 023). */
  sponsored: boolean;
}

/**
 * The JSON of each row of `page` as `viewer` sees it, in the page's order. `page` selects bare
 * post rows (`p.*` plus their sort time as `sort_at`), already limited: everything here is an index
 * lookup per shown row, in an outer query the planner cannot merge into the page's own (its LIMIT
 * keeps it apart), never a join across every candidate row.
 *
 * Likers: the newest through `likes_recent_idx`, and the viewer always listed when they liked (last,
 * being older than the newest ones). Comments: the first ones, oldest first, through
 * `comments_post_idx`, less those a moderator removed (decision 024) and those of members blocked either way with the viewer (decision 036). A video with no row yet is still being processed (media's event has not
 * reached us); its renditions are answered only when media named them (decision 044). A photo's
 * sizes and placeholder come from the photos projection; photos without a row are left out of
 * `imageDetails`. The group a post is in comes from the groups projection (decision 021). No SQL comments in the text: pgbench reads it too (feed-sql), quotes and all.
 *
 * `at` is the reader's clock (an ISO instant): a member is `verified` while their Pro plan runs past
 * it (decision 023), so a plan running out takes the badge away with no event. `sponsored` says
 * which rows are the page's boosted post (feed/sponsored.ts: the feed's page has a `p.sponsored`
 * column); every other page's posts say false. It is also answered beside the text.
 */
export function postJsonSql(
  t: PostsTables,
  viewer: number | Placeholder,
  at: string | Placeholder,
  page: SQL,
  comments: number | Placeholder,
  sponsored: SQL = sql`false`,
): SQL {
  const me = sql`${viewer}::bigint`;
  const now = sql`${at}::timestamptz`;
  // Blocked members' likes, comments and mentions are left out for each other (decision 036); the
  // counts stay the post's.
  const apart = (member: SQL) => notBlockedWith(t.blocks, me, member);
  return sql`
    select to_json(j)::text as post, ${timeKeySql(sql`p.sort_at`)} as page_at, p.id, j.sponsored
    from (${page}) as p
    left join ${t.members} as au on au.user_id = p.author_id
    left join ${t.groups} as pg on pg.group_id = p.group_id
    cross join lateral (
      select exists (select 1 from ${t.likes} as l where l.post_id = p.id and l.user_id = ${me}) as liked,
        array(select l.user_id from ${t.likes} as l where l.post_id = p.id and ${apart(sql`l.user_id`)} order by l.created_at desc, l.user_id desc limit ${LIST_LIKERS}) as newest
    ) as lk
    cross join lateral (
      select
        p.id as "id",
        (select to_json(a) from (select p.author_id as "id", ${memberName(sql`au`, sql`p.author_id`)}, ${verifiedSql(sql`au`, now)}) as a) as "author",
        p.content as "content",
        array_to_json(array(select m.url from unnest(p.media) with ordinality as m(url, n) where not ${isVideo(sql`m.url`)} order by m.n)) as "images",
        array_to_json(array(select m.url from unnest(p.media) with ordinality as m(url, n) where ${isVideo(sql`m.url`)} order by m.n)) as "videos",
        array_to_json(array(
          select case when v.renditions is null then to_json(x) else to_json(xr) end from unnest(p.media) with ordinality as m(url, n)
          left join ${t.videos} as v on v.url = m.url
          cross join lateral (select m.url as "url", coalesce(v.status, 'processing') as "status", v.poster_url as "posterUrl",
            v.duration_seconds as "durationSeconds", v.error as "error") as x
          cross join lateral (select x.*, v.renditions as "renditions") as xr
          where ${isVideo(sql`m.url`)} order by m.n)) as "videoDetails",
        array_to_json(array(
          select to_json(x) from unnest(
            case when lk.liked and not ${me} = any(lk.newest) then lk.newest || ${me} else lk.newest end
          ) with ordinality as u(user_id, n)
          cross join lateral (select u.user_id as "userId") as x
          order by u.n)) as "likes",
        p.like_count as "likeCount",
        lk.liked as "hasLiked",
        array_to_json(array(
          select to_json(x) from (
            select c.id, c.user_id, c.content, c.created_at from ${t.comments} as c
            where c.post_id = p.id and c.removed_at is null and ${apart(sql`c.user_id`)} order by c.created_at, c.id limit ${comments}
          ) as c
          left join ${t.members} as cau on cau.user_id = c.user_id
          cross join lateral (select c.id as "id", c.user_id as "userId", ${memberName(sql`cau`, sql`c.user_id`)},
            c.content as "content", ${isoSql(sql`c.created_at`)} as "createdAt",
            ${approvedMentions(t, sql`cm.comment_id = c.id and ${apart(sql`cm.mentioned_user_id`)}`)} as "mentions", ${verifiedSql(sql`cau`, now)}) as x
          order by c.created_at, c.id)) as "comments",
        p.comment_count as "commentCount",
        p.share_count as "shareCount",
        exists (select 1 from ${t.shares} as sh where sh.post_id = p.id and sh.user_id = ${me}) as "hasShared",
        exists (select 1 from ${t.saves} as sv where sv.user_id = ${me} and sv.post_id = p.id) as "hasSaved",
        ${isoSql(sql`p.created_at`)} as "createdAt",
        p.shadow_hidden as "isShadowHidden",
        ${approvedMentions(t, sql`cm.post_id = p.id and cm.comment_id is null and ${apart(sql`cm.mentioned_user_id`)}`)} as "mentions",
        (select to_json(x) from (select pg.group_id as "id", pg.title as "title") as x where pg.group_id is not null) as "group",
        ${sponsored} as "sponsored",
        array_to_json(array(
          select to_json(x) from unnest(p.media) with ordinality as m(url, n)
          join ${t.photos} as ph on ph.url = m.url
          cross join lateral (select ph.url as "url", ph.width as "width", ph.height as "height", ph.placeholder as "placeholder",
            ph.widths as "widths", ph.formats as "formats") as x
          where not ${isVideo(sql`m.url`)} order by m.n)) as "imageDetails"
    ) as j
    order by p.sort_at desc, p.id desc`;
}

/**
 * `"username"`, `"name"` (the snapshot's display name) and `"profileImage"` of a member from the
 * member snapshot aliased `author`; a member whose snapshot has not reached the projection yet (it
 * lags their sign-up) shows as contracts' `unknownMember(id)` does: `member<id>` as both username
 * and name, with the default avatar.
 */
export function memberName(author: SQL, id: SQL): SQL {
  return sql`coalesce(${author}.username, concat('member', ${id})) as "username",
    coalesce(${author}.display_name, concat('member', ${id})) as "name",
    case when ${author}.username is null then ${DEFAULT_AVATAR}::text else ${author}.profile_image end as "profileImage"`;
}

/**
 * `"verified"` of a member from the member snapshot aliased `member`: their Pro plan runs past
 * `now` (an unknown member has none).
 */
export function verifiedSql(member: SQL, now: SQL): SQL {
  return sql`coalesce(${member}.pro_until > ${now}, false) as "verified"`;
}

/** `postMentionSchema` items of the approved mentions `where` picks (mentions aliased `cm`), in the order written. */
function approvedMentions(t: PostsTables, where: SQL): SQL {
  return sql`array_to_json(array(
    select to_json(x) from ${t.mentions} as cm
    cross join lateral (select cm.mentioned_user_id as "userId", cm.handle as "username") as x
    where ${where} and cm.status = 'approved' order by cm.id))`;
}

/** contracts' `mediaTypeOf(url) === 'video'`, in SQL. */
export function isVideo(url: SQL): SQL {
  return sql`(strpos(${url}, '/videos/') > 0)`;
}

/** A timestamptz as JavaScript's `toISOString()` writes it: UTC, milliseconds (cut, not rounded). */
export function isoSql(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
