/**
 * The feed's sponsored post (decision 023): at most one boosted post per home feed page, for a
 * viewer who is neither its author nor one of the author's friends, while the boost runs and the
 * author's plan is active, only a post the viewer may see (`visibleTo`) and never one the page
 * already holds. It is part of the feed's one statement (feed/pages.ts), so a page stays one round
 * trip.
 *
 * Rotation: a page whose cursor names no sponsored post (the first page) picks at random among the
 * eligible boosts, so every boost gets its share of first pages; a next page takes the eligible
 * boost with the next lower post id after the one the page before showed (carried in the cursor,
 * feed/cursor.ts), wrapping around, and never that same one: consecutive pages never show the same
 * post (with a single eligible boost, every other page shows it).
 *
 * Cost: `boosts_running_idx` yields only the boosts still running; each is checked by primary-key
 * probes (its plan, the friendship, the post and its audience). The running boosts are bounded by
 * the members with a plan times their quota, not by posts or members.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';
import { visibleTo } from './visibility.js';

/** The sponsored post goes after this many of the page's own posts (or last on a shorter page). */
export const SPONSORED_SLOT = 2;

/**
 * The row (`p.*`, its sort time, `sponsored` true) of the sponsored post for `viewer` at `now`;
 * `last` is the post the page before showed (null for none), `shown` the page's own post ids (a
 * subquery).
 */
export function sponsoredRowSql(t: PostsTables, viewer: Placeholder, now: Placeholder, last: Placeholder, shown: SQL): SQL {
  const me = sql`${viewer}::bigint`;
  const at = sql`${now}::timestamptz`;
  const previous = sql`${last}::bigint`;
  return sql`
    select p.*, b.boosted_at as sort_at, true as sponsored
    from ${t.boosts} as b
    join ${t.memberships} as ms on ms.user_id = b.author_id
    join ${t.posts} as p on p.id = b.post_id
    where b.boosted_until > ${at} and ms.active_until > ${at}
      and b.author_id <> ${me}
      and not exists (select 1 from ${t.friendships} as sf where sf.user_id = ${me} and sf.friend_id = b.author_id)
      and p.group_id is null and ${visibleTo(t, me)}
      and b.post_id not in (${shown})
      and b.post_id <> coalesce(${previous}, 0)
    order by case when ${previous} is null then random() else 0 end, (b.post_id < ${previous}) desc, b.post_id desc
    limit 1`;
}
