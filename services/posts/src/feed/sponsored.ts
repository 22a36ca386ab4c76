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
 * Cost: `boosts_running_idx` yields only the boosts still running; each is checked by cheap probes
 * (its plan's primary key, the viewer's friends as one hash), then only the next
 * `SPONSORED_CANDIDATES` in the rotation are checked against the post's audience. The work grows
 * with the running boosts (bounded by the members with a plan times their quota), not with posts
 * or members; decision 023 has the measurement and the path past it.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';
import { visibleTo } from './visibility.js';

/** The sponsored post goes after this many of the page's own posts; a page with no more than these shows none. */
export const SPONSORED_SLOT = 2;

/**
 * The boosts next in the rotation whose post is then checked against the viewer's audience (the
 * costly part): the first of them the viewer may see is shown. If none of them may be seen, the
 * page has no sponsored post (at most one a page, never a promise of one).
 */
export const SPONSORED_CANDIDATES = 10;

/**
 * The row (`p.*`, its sort time, `sponsored` true) of the sponsored post for `viewer` at `now`;
 * `last` is the post the page before showed (null for none), `shown` the page's own post ids (a
 * subquery); `kept` is the feed's own mute test on the post aliased `p` (decision 037).
 */
export function sponsoredRowSql(
  t: PostsTables,
  viewer: Placeholder,
  now: Placeholder,
  last: Placeholder,
  shown: SQL,
  kept: SQL = sql`true`,
): SQL {
  const me = sql`${viewer}::bigint`;
  const at = sql`${now}::timestamptz`;
  const previous = sql`${last}::bigint`;
  const rotation = sql`case when ${previous} is null then random() else 0 end, (b.post_id < ${previous}) desc, b.post_id desc`;
  return sql`
    select p.*, b.boosted_at as sort_at, true as sponsored
    from (
      select b.post_id, b.boosted_at, b.post_id < ${previous} as before_last
      from ${t.boosts} as b
      join ${t.memberships} as ms on ms.user_id = b.author_id
      where b.boosted_until > ${at} and ms.active_until > ${at}
        and b.author_id <> ${me}
        and not exists (select 1 from ${t.friendships} as sf where sf.user_id = ${me} and sf.friend_id = b.author_id)
        and b.post_id not in (${shown})
        and b.post_id <> coalesce(${previous}, 0)
      order by ${rotation}
      limit ${SPONSORED_CANDIDATES}
    ) as b
    join ${t.posts} as p on p.id = b.post_id
    where p.group_id is null and ${visibleTo(t, me)} and ${kept}
    order by case when ${previous} is null then 0 else 1 end, b.before_last desc, b.post_id desc
    limit 1`;
}
