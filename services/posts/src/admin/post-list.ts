/**
 * The back office's posts table (GET /api/admin/posts; decision 024): every post whatever its
 * moderation state, filtered by state, searched in its content and its author's username
 * (case-insensitive, the search text taken literally), newest first; `reported` lists the posts
 * with open reports, most-reported first. One statement for the page, one for the total.
 */
import { numberedPage, type AdminPost, type AdminPostFilter, type AdminPostsQuery, type NumberedPage } from '@kora/contracts';
import { escapeLike, rowsOf } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { isoSql } from '../feed/post-json.js';

interface AdminPostRow {
  id: number;
  content: string;
  created_at: string;
  author_id: number;
  author_username: string;
  like_count: number;
  comment_count: number;
  is_deleted: boolean;
  deleted_by_moderator: boolean;
  shadow_hidden: boolean;
  report_count: number;
}

/** Posts aliased `p` in each filter. */
function stateFilter(filter: AdminPostFilter): SQL {
  switch (filter) {
    case 'visible':
      return sql`p.deleted_at is null and not p.shadow_hidden`;
    // A removed post is "deleted" whatever its shadow flag: the table shows one state per row.
    case 'shadow':
      return sql`p.deleted_at is null and p.shadow_hidden`;
    case 'deleted':
      return sql`p.deleted_at is not null`;
    case 'reported':
      return sql`rc.n > 0`;
    case 'all':
      return sql`true`;
  }
}

/** The post's open reports, aliased `rc` (`n`). */
function openReports(posts: Posts): SQL {
  return sql`cross join lateral (select count(*)::int as n from ${posts.tables.reports} as r
    where r.target_type = 'post' and r.target_id = p.id and r.status = 'open') as rc`;
}

function matching(posts: Posts, query: Pick<AdminPostsQuery, 'status' | 'search'>): SQL {
  const search = query.search
    ? sql`and (p.content ilike ${`%${escapeLike(query.search)}%`} or au.username ilike ${`%${escapeLike(query.search)}%`})`
    : sql``;
  return sql`from ${posts.tables.posts} as p
    left join ${posts.tables.members} as au on au.user_id = p.author_id
    ${openReports(posts)}
    where ${stateFilter(query.status)} ${search}`;
}

const columns = sql`p.id, p.content, ${isoSql(sql`p.created_at`)} as created_at, p.author_id,
  coalesce(au.username, concat('member', p.author_id)) as author_username, p.like_count, p.comment_count,
  p.deleted_at is not null as is_deleted, p.deleted_by_moderator, p.shadow_hidden, rc.n as report_count`;

function toAdminPost(r: AdminPostRow): AdminPost {
  return {
    id: Number(r.id),
    content: r.content,
    createdAt: r.created_at,
    authorId: Number(r.author_id),
    authorUsername: r.author_username,
    likeCount: Number(r.like_count),
    commentCount: Number(r.comment_count),
    isDeleted: r.is_deleted,
    deletedBy: r.is_deleted ? (r.deleted_by_moderator ? 'moderator' : 'author') : null,
    isShadowHidden: r.shadow_hidden,
    reportCount: Number(r.report_count),
  };
}

export async function adminPostList(posts: Posts, query: AdminPostsQuery): Promise<NumberedPage<AdminPost>> {
  const order = query.status === 'reported' ? sql`rc.n desc, p.created_at desc, p.id desc` : sql`p.created_at desc, p.id desc`;
  const from = matching(posts, query);
  const [rows, counted] = await Promise.all([
    posts.ctx.db.execute(sql`select ${columns} ${from} order by ${order} limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    posts.ctx.db.execute(sql`select count(*)::int as total ${from}`),
  ]);
  const total = Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0);
  return numberedPage(rowsOf<AdminPostRow>(rows).map(toAdminPost), total, query.page, query.limit);
}

/** One post as the table shows it, whatever its state; undefined when there is no such post. */
export async function adminPostRow(posts: Posts, postId: number): Promise<AdminPost | undefined> {
  const rows = rowsOf<AdminPostRow>(
    await posts.ctx.db.execute(sql`select ${columns} ${matching(posts, { status: 'all', search: '' })} and p.id = ${postId}`),
  );
  return rows[0] && toAdminPost(rows[0]);
}
