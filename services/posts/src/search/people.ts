/**
 * People search and the Pro users list, over the member snapshot (decision 025).
 */
import type { MemberCard } from '@kora/contracts';
import { notBlockedWith, searchTextContains } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { PostsTables } from '../db/schema.js';
import { cardRows, listable, memberCardColumns } from './member-cards.js';
import { offsetPage, type RankedWindow } from './ranked-cursor.js';

/**
 * Members whose name or username holds every word of `query` (unaccented, any case, anywhere: the
 * trigram index `members_search_idx` answers it). The one whose username is exactly the query
 * (without a leading @) first, then by trigram similarity to the whole query, then by id.
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

/** The statement of a people page (the bench runs it bare too); members blocked either way with `viewer` are left out (decision 036). */
export function searchPeopleSql(t: PostsTables, query: string, window: RankedWindow, now: string, viewer: number | null = null): SQL {
  const text = sql`m.display_name || ' ' || m.username`;
  const username = query.trim().replace(/^@/, '');
  return sql`
    select ${memberCardColumns(now)} from ${t.members} as m
    where ${listable(t)} and ${searchTextContains(text, query.replace(/(^|\s)@/g, '$1'))} and ${notBlockedWith(t.blocks, viewer, sql`m.user_id`)}
    order by lower(m.username) = lower(${username}) desc,
      public.similarity(public.kora_search_text(${text}), public.kora_search_text(${query})) desc, m.user_id
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
