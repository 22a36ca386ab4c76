/**
 * The back office's reports table (GET /api/admin/reports; decision 024): one row per reported
 * item (a post or a comment) with its reports of the asked status, most-reported then newest
 * first. The row's `id` is its newest report's: closing it closes every open report on the item.
 * The item is shown whatever became of it (removed, shadow-hidden): the admin needs to see it.
 */
import { numberedPage, type AdminReportGroup, type NumberedPage, type ReportReason, type ReportStatus } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { isoSql } from '../feed/post-json.js';

/** A reports list shows at most this many reports of one item (the count says how many there are). */
export const REPORTS_PER_ITEM = 50;

interface GroupRow {
  id: number;
  target_type: 'post' | 'comment';
  target_id: number;
  post_id: number;
  content: string | null;
  author_id: number | null;
  author_username: string | null;
  is_deleted: boolean | null;
  is_shadow_hidden: boolean | null;
  report_count: number;
  latest_at: string;
  reasons: ReportReason[];
  reports: string;
}

export async function adminReportList(
  posts: Posts,
  query: { status: 'open' | 'closed'; page: number; limit: number },
): Promise<NumberedPage<AdminReportGroup>> {
  const { reports, posts: postsTable, comments, members } = posts.tables;
  const statusOf = query.status === 'open' ? sql`r.status = 'open'` : sql`r.status <> 'open'`;
  const groups = sql`select r.target_type, r.target_id, max(r.post_id) as post_id, max(r.id) as id, count(*)::int as report_count,
      max(r.created_at) as latest_at, array_agg(distinct r.reason order by r.reason) as reasons
    from ${reports} as r where ${statusOf} group by r.target_type, r.target_id`;
  const [rows, counted] = await Promise.all([
    posts.ctx.db.execute(sql`
      select g.id, g.target_type, g.target_id, g.post_id, g.report_count, ${isoSql(sql`g.latest_at`)} as latest_at, g.reasons,
        coalesce(c.content, p.content) as content,
        coalesce(c.user_id, p.author_id) as author_id,
        coalesce(au.username, concat('member', coalesce(c.user_id, p.author_id))) as author_username,
        case when g.target_type = 'comment' then c.removed_at is not null else p.deleted_at is not null end as is_deleted,
        case when g.target_type = 'comment' then false else p.shadow_hidden end as is_shadow_hidden,
        array_to_json(array(
          select to_json(x) from (
            select r.id, r.reporter_id as "reporterId", coalesce(rm.username, concat('member', r.reporter_id)) as "reporterUsername",
              r.reason, r.note, r.status, ${isoSql(sql`r.created_at`)} as "createdAt"
            from ${reports} as r left join ${members} as rm on rm.user_id = r.reporter_id
            where r.target_type = g.target_type and r.target_id = g.target_id and ${statusOf}
            order by r.created_at desc, r.id desc limit ${REPORTS_PER_ITEM}
          ) as x))::text as reports
      from (${groups}) as g
      left join ${postsTable} as p on p.id = g.post_id
      left join ${comments} as c on g.target_type = 'comment' and c.id = g.target_id
      left join ${members} as au on au.user_id = coalesce(c.user_id, p.author_id)
      order by g.report_count desc, g.latest_at desc, g.id desc
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    posts.ctx.db.execute(sql`select count(*)::int as total from (${groups}) as g`),
  ]);
  const total = Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0);
  const items = rowsOf<GroupRow>(rows).map((r): AdminReportGroup => ({
    id: Number(r.id),
    targetType: r.target_type,
    targetId: Number(r.target_id),
    postId: Number(r.post_id),
    content: r.content ?? '',
    authorId: Number(r.author_id ?? 0),
    authorUsername: r.author_username ?? '',
    isDeleted: r.is_deleted ?? false,
    isShadowHidden: r.is_shadow_hidden ?? false,
    reportCount: Number(r.report_count),
    latestAt: r.latest_at,
    reasons: parseArray(r.reasons) as ReportReason[],
    reports: (
      JSON.parse(r.reports) as {
        id: number;
        reporterId: number;
        reporterUsername: string;
        reason: ReportReason;
        note: string;
        status: ReportStatus;
        createdAt: string;
      }[]
    ).map((e) => ({ ...e, id: Number(e.id), reporterId: Number(e.reporterId) })),
  }));
  return numberedPage(items, total, query.page, query.limit);
}

/** A text[] as the driver hands it: an array (pg, PGlite) or, from some drivers, the `{a,b}` literal. */
function parseArray(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
}
