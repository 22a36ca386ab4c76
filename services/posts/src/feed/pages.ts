/**
 * The page queries: which posts a list shows, in which order, one SQL statement each, answering
 * each shown post as the API's JSON text (post-json.ts).
 *
 * Every list is newest first with keyset paging on (created_at, id): a page asks for one row more
 * than it shows, and that extra row only says whether there is a next page.
 */
import { carriesNoWordMutedBy, notMutedBy, preparedSql, rowsOf, type PreparedSql } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { PostsTables } from '../db/schema.js';
import { encodeCursor, type PageKey } from './cursor.js';
import { LIST_COMMENTS, postJsonSql, SINGLE_POST_COMMENTS, type PostJsonRow } from './post-json.js';
import { sponsoredRowSql, SPONSORED_SLOT } from './sponsored.js';
import { feedAuthors, feedGroups, inAudienceOf, liveTo, notBlocked, visibleRow, visibleTo } from './visibility.js';

/** A page of posts, each already the API's JSON text, and the cursor of the next page. */
export interface JsonPage {
  posts: string[];
  nextCursor: string | null;
}

export interface PageRequest {
  limit: number;
  after: PageKey | null;
}

export function toPage(rows: PostJsonRow[], limit: number): JsonPage {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    posts: shown.map((r) => r.post),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.page_at, id: last.id }) : null,
  };
}

export const before = (column: string, idColumn: string, after: PageKey | null) =>
  after ? sql`and (${sql.raw(column)}, ${sql.raw(idColumn)}) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``;

/** The posts of `page` (see `postJsonSql`) as `viewer` sees them, each with its first `comments`. */
export async function postsOf(posts: Posts, viewer: number, page: SQL, comments = LIST_COMMENTS): Promise<PostJsonRow[]> {
  return rowsOf<PostJsonRow>(await posts.ctx.db.execute(postJsonSql(posts.tables, viewer, posts.now().toISOString(), page, comments)));
}

/**
 * The feed: the viewer's own timeline posts and their friends', and the posts of the groups they
 * are a member of (decision 021). For each of those authors the index `posts_author_timeline_idx`,
 * and for each of those groups `posts_group_feed_idx`, yields at most one page of the newest posts
 * (the lateral joins), and the merge of those short lists is the page: the cost grows with the
 * number of friends and groups and the page size, never with how many posts exist.
 *
 * The page also carries at most one sponsored post (feed/sponsored.ts) in one of its `limit` places,
 * after its first `SPONSORED_SLOT` posts; its id travels in the next cursor so the next page shows
 * another.
 */
export async function feedPage(posts: Posts, viewer: number, page: PageRequest): Promise<JsonPage> {
  const statements = feedStatements(posts.tables);
  const take = page.limit + 1;
  const values = { viewer, take, now: posts.now().toISOString(), last: page.after?.sponsored ?? null };
  const all = page.after
    ? await statements.after.rows<PostJsonRow>(posts.ctx.db, { ...values, at: page.after.at, id: page.after.id })
    : await statements.first.rows<PostJsonRow>(posts.ctx.db, values);
  const rows = all.filter((r) => !r.sponsored);
  // The sponsored post takes one of the page's `limit` places (an integrator asking for N posts gets
  // N), after the page's first SPONSORED_SLOT posts: a page with fewer own posts shows none.
  const found = all.find((r) => r.sponsored);
  const sponsored = found && page.limit > SPONSORED_SLOT && rows.length > SPONSORED_SLOT ? found : undefined;
  const ownPlaces = sponsored ? page.limit - 1 : page.limit;
  const shown = rows.slice(0, ownPlaces);
  const texts = shown.map((r) => r.post);
  if (sponsored) texts.splice(SPONSORED_SLOT, 0, sponsored.post);
  const last = shown[shown.length - 1];
  const nextCursor =
    rows.length > ownPlaces && last
      ? encodeCursor({ at: last.page_at, id: last.id, ...(sponsored ? { sponsored: Number(sponsored.id) } : {}) })
      : null;
  return { posts: texts, nextCursor };
}

/**
 * The feed's statement, made once per schema (prepared-sql.ts: the feed is the hottest read there
 * is), in two forms: the first page, and a page after a cursor.
 */
const feedStatementsByTables = new WeakMap<PostsTables, { first: PreparedSql<FeedValues>; after: PreparedSql<FeedValues> }>();

type FeedValues = { viewer: number; take: number; now: string; last: number | null; at?: string; id?: number };

function feedStatements(tables: PostsTables) {
  let statements = feedStatementsByTables.get(tables);
  if (!statements) {
    statements = { first: preparedSql<FeedValues>(feedSql(tables, false)), after: preparedSql<FeedValues>(feedSql(tables, true)) };
    feedStatementsByTables.set(tables, statements);
  }
  return statements;
}

function feedSql(tables: PostsTables, afterCursor: boolean): SQL {
  const viewer = sql.placeholder('viewer');
  const take = sql.placeholder('take');
  const now = sql.placeholder('now');
  const cursor = afterCursor
    ? sql`and (p.created_at, p.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::bigint)`
    : sql``;
  // Muted members' posts and posts carrying a muted word leave the feed (decision 037); blocked
  // members' posts are never seen (decision 036). The projections are read inside the statement, once
  // each: a viewer who muted nothing and has no blocks pays no test per row.
  const keptAuthor = (author: SQL) => sql`${notMutedBy(tables.mutes, viewer, author)} and ${notBlocked(tables, viewer, author)}`;
  const keptText = carriesNoWordMutedBy(tables.mutes, viewer, sql`p.content`);
  // The page's own posts, then its sponsored post (feed/sponsored.ts) as one more row.
  return postJsonSql(
    tables,
    viewer,
    now,
    sql`
    with organic as (
    select p.*, p.created_at as sort_at, false as sponsored from (
      select p.*
      from (${feedAuthors(tables, viewer)}
      ) as a
      cross join lateral (
        select * from ${tables.posts} as p
        where p.author_id = a.author_id and p.group_id is null and ${liveTo(viewer)} and ${keptText} ${cursor}
        order by p.created_at desc, p.id desc
        limit ${take}
      ) as p
      where ${keptAuthor(sql`a.author_id`)}
      union all
      select p.*
      from ${feedGroups(tables, viewer)}
      cross join lateral (
        select * from ${tables.posts} as p
        where p.group_id = g.group_id and ${liveTo(viewer)} and ${keptAuthor(sql`p.author_id`)} and ${keptText} ${cursor}
        order by p.created_at desc, p.id desc
        limit ${take}
      ) as p
    ) as p
    order by p.created_at desc, p.id desc
    limit ${take}
    )
    select * from organic
    union all
    (${sponsoredRowSql(tables, viewer, now, sql.placeholder('last'), sql`select o.id from organic as o`, sql`${keptAuthor(sql`p.author_id`)} and ${keptText}`)})`,
    LIST_COMMENTS,
    sql`p.sponsored`,
  );
}

/**
 * A member's profile posts: those they wrote, and those whose text mentions them with a mention
 * they approved (decision 020), each as the viewer may see it; the tagged ones also only when the
 * viewer is inside the profile owner's audience (a closed profile shows nothing of its owner).
 * Group posts are not on a profile: they live on their group's page (decision 021).
 * Each half yields at most a page in the (created_at, id) order, and the merge is the page.
 */
export async function authorPage(posts: Posts, viewer: number, authorId: number, page: PageRequest): Promise<JsonPage> {
  const { posts: postsTable, mentions } = posts.tables;
  const take = page.limit + 1;
  const after = before('p.created_at', 'p.id', page.after);
  const rows = await postsOf(
    posts,
    viewer,
    sql`
    select p.*, p.created_at as sort_at from (
      (select p.* from ${postsTable} as p
        where p.author_id = ${authorId} and p.group_id is null and ${visibleTo(posts.tables, viewer)} ${after}
        order by p.created_at desc, p.id desc limit ${take})
      union all
      (select p.* from ${mentions} as m
        join ${postsTable} as p on p.id = m.post_id
        where m.mentioned_user_id = ${authorId} and m.status = 'approved' and m.comment_id is null and p.group_id is null
          and ${visibleTo(posts.tables, viewer)} and ${inAudienceOf(posts.tables, viewer, sql`${authorId}::bigint`)} ${after}
        order by p.created_at desc, p.id desc limit ${take})
    ) as p
    order by p.created_at desc, p.id desc
    limit ${take}`,
  );
  return toPage(rows, page.limit);
}

/** The viewer's saved posts, most recently saved first; deleted or hidden ones are skipped. */
export async function savedPage(posts: Posts, viewer: number, page: PageRequest): Promise<JsonPage> {
  const { posts: postsTable, saves } = posts.tables;
  const rows = await postsOf(
    posts,
    viewer,
    sql`
    select p.*, s.created_at as sort_at
    from ${saves} as s
    join ${postsTable} as p on p.id = s.post_id
    where s.user_id = ${viewer} and ${visibleTo(posts.tables, viewer)} ${before('s.created_at', 's.post_id', page.after)}
    order by s.created_at desc, s.post_id desc
    limit ${page.limit + 1}`,
  );
  return toPage(rows, page.limit);
}

/**
 * Group `groupId`'s posts, newest first, through `posts_group_feed_idx`. The caller has checked the
 * viewer may see the group's posts (routes/group-posts.ts); the rule is applied here again so the
 * page never depends on that check alone.
 */
export async function groupPage(posts: Posts, viewer: number, groupId: number, page: PageRequest): Promise<JsonPage> {
  const rows = await postsOf(
    posts,
    viewer,
    sql`
    select p.*, p.created_at as sort_at from ${posts.tables.posts} as p
    where p.group_id = ${groupId} and ${visibleTo(posts.tables, viewer)} ${before('p.created_at', 'p.id', page.after)}
    order by p.created_at desc, p.id desc
    limit ${page.limit + 1}`,
  );
  return toPage(rows, page.limit);
}

/** One post as `viewer` sees it, with up to 1,000 comments; undefined when they may not see it. */
export async function postJson(posts: Posts, viewer: number, postId: number): Promise<string | undefined> {
  const rows = await postsOf(posts, viewer, visibleRow(posts.tables, viewer, postId), SINGLE_POST_COMMENTS);
  return rows[0]?.post;
}

/** At most this many memories a day: a page's worth, newest first. */
export const MEMORIES_LIMIT = 50;

/**
 * The viewer's own posts written on `date`'s month and day in earlier years, the day's bounds taken
 * in `timeZone` (Postgres converts each post's instant to that zone's calendar). Those in a group
 * only while the viewer may still see that group's posts.
 */
export async function memoryPosts(
  posts: Posts,
  viewer: number,
  date: { year: number; month: number; day: number },
  timeZone: string,
): Promise<string[]> {
  const local = sql`(p.created_at at time zone ${timeZone})`;
  const rows = await postsOf(
    posts,
    viewer,
    sql`
    select p.*, p.created_at as sort_at
    from ${posts.tables.posts} as p
    where p.author_id = ${viewer} and ${visibleTo(posts.tables, viewer)}
      and extract(month from ${local}) = ${date.month}
      and extract(day from ${local}) = ${date.day}
      and extract(year from ${local}) < ${date.year}
    order by p.created_at desc, p.id desc
    limit ${MEMORIES_LIMIT}`,
  );
  return rows.map((r) => r.post);
}
