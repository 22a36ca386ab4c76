/**
 * People search and the Pro users list, over the member snapshot (decision 025).
 */
import type { MemberCard } from '@kora/contracts';
import { foldedTextContains, notBlockedWith } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { PostsTables } from '../db/schema.js';
import { cardRows, listable, memberCardColumns, notSuspended } from './member-cards.js';
import { offsetPage, type RankedWindow } from './ranked-cursor.js';

/**
 * Members whose name or username holds every word of `query` (unaccented, any case, anywhere: the
 * trigram index over `members.search_name` answers it). The one whose username is exactly the query
 * (without a leading @) first, then the closest names, then by id (decision 047).
 */
export async function searchPeople(
  posts: Posts,
  viewer: number,
  query: string,
  window: RankedWindow,
): Promise<{ items: MemberCard[]; nextCursor: string | null }> {
  // "@" alone names nobody (it would otherwise match everyone).
  if (query.replace(/(^|\s)@/g, '$1').trim() === '') return { items: [], nextCursor: null };
  return offsetPage(await cardRows(posts, searchPeopleSql(posts.tables, query, window, posts.now().toISOString(), viewer)), window);
}

/**
 * How far along the closest-names index a page first looks: far enough for a common name's deepest
 * page, short enough to be a few milliseconds when nothing there matches (decision 047).
 */
export const CLOSEST_WALK = 50_000;

/**
 * The statement of a people page (the bench runs it bare too); members blocked either way with
 * `viewer` are left out (decision 036). Among names holding every word of the query, trigram
 * similarity to it falls as the name's own trigrams grow, so "closest" is `search_size` ascending,
 * and `members_search_size_idx` holds that order with the folded name. The page first reads the
 * CLOSEST_WALK closest names from it (an index-only scan) and tests the words on each: a common
 * name fills the page there. Only when it does not are the matches taken from the trigram index
 * and sorted (a rare name has few). Both ways give the same rows.
 */
export function searchPeopleSql(t: PostsTables, query: string, window: RankedWindow, now: string, viewer: number | null = null): SQL {
  const words = query.replace(/(^|\s)@/g, '$1');
  const username = query.trim().replace(/^@/, '');
  // One row more than the page: the member with the exact username may also be among the closest.
  const wanted = window.offset + window.take + 1;
  const findable = (alias: SQL) =>
    sql`${foldedTextContains(sql`${alias}.search_name`, words)} and ${notBlockedWith(t.blocks, viewer, sql`${alias}.user_id`)}`;
  // The walk reads activated members only (the index's own condition); the fallback sorts by
  // `search_size + 0` so the planner takes the trigram index, never this walk again.
  return sql`
    with walk as (
      select s.user_id, s.search_size from (
        select s.user_id, s.search_size, s.search_name from ${t.members} as s where s.activated
        order by s.search_size, s.user_id limit ${CLOSEST_WALK}
      ) as s
      where ${findable(sql`s`)} and ${notSuspended(t, sql`s`)}
      order by s.search_size, s.user_id
      limit ${wanted}
    ), closest as (
      select w.user_id, w.search_size as place from walk as w where (select count(*) from walk) = ${wanted}
      union all (
        select s.user_id, s.search_size from ${t.members} as s
        where (select count(*) from walk) < ${wanted} and ${listable(t, sql`s`)} and ${findable(sql`s`)}
        order by s.search_size + 0, s.user_id
        limit ${wanted}
      )
    )
    select ${memberCardColumns(now)} from (
      select c.user_id, min(c.place) as place from (
        (select e.user_id, -1 as place from ${t.members} as e
          where lower(e.username) = lower(${username}) and ${listable(t, sql`e`)} and ${findable(sql`e`)})
        union all (select user_id, place from closest)
      ) as c group by c.user_id
    ) as c join ${t.members} as m on m.user_id = c.user_id
    order by c.place, m.user_id
    limit ${window.take} offset ${window.offset}`;
}

/** Members whose Pro plan runs now, the latest plan first (the right panel's "Pro Users"). */
export async function proMembers(posts: Posts, limit: number): Promise<MemberCard[]> {
  const now = posts.now().toISOString();
  return cardRows(
    posts,
    sql`
    select ${memberCardColumns(now)} from ${posts.tables.members} as m
    where m.pro_until > ${now}::timestamptz and ${listable(posts.tables)}
    order by m.pro_changed_at desc nulls last, m.user_id desc
    limit ${limit}`,
  );
}
