/**
 * The dashboard's post counts (GET /internal/admin/post-stats; decision 024): posts not removed,
 * and the posts created per day of KORA_TIME_ZONE from `since` (that day's 00:00 in the zone) on,
 * counted by the zone's days in SQL. Removed posts are left out of both, so the chart and the
 * total tell the same story; days with none are left out (the admin service fills them with 0).
 */
import type { InternalPostStats } from '@kora/contracts';
import { formatDay, rowsOf, type Day } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';

export async function postStats(posts: Posts, since: Day): Promise<InternalPostStats> {
  const zone = posts.config.KORA_TIME_ZONE;
  const table = posts.tables.posts;
  const local = sql`(p.created_at at time zone ${zone})`;
  const [total, daily] = await Promise.all([
    posts.ctx.db.execute(sql`select count(*)::int as n from ${table} as p where p.deleted_at is null`),
    posts.ctx.db.execute(sql`
      select to_char(${local}, 'YYYY-MM-DD') as day, count(*)::int as count
      from ${table} as p
      where p.deleted_at is null and p.created_at >= (${formatDay(since)}::date::timestamp at time zone ${zone})
      group by 1 order by 1`),
  ]);
  return {
    posts: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0),
    daily: rowsOf<{ day: string; count: number }>(daily).map((r) => ({ day: r.day, count: Number(r.count) })),
  };
}
