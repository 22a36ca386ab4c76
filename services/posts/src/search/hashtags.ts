/**
 * Hashtags (decision 025): the tags search offers, the trending ones, and a tag's posts. Tags are
 * stored per post and per comment (posts/hashtags.ts); counts are of public posts (public-posts.ts)
 * carrying the tag in their own text, so a count never tells of a post someone cannot open, and
 * comments cannot push a tag up.
 */
import { isHashtagPrefix, normalizeHashtag, searchLimits, type HashtagCount } from '@kora/contracts';
import { escapeLike, rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { before, postsOf, toPage, type JsonPage, type PageRequest } from '../feed/pages.js';
import { visibleTo } from '../feed/visibility.js';
import { publicPost } from './public-posts.js';
import { offsetPage, type RankedWindow } from './ranked-cursor.js';

type CountRow = { tag: string; count: number | string };
const toCount = (r: CountRow): HashtagCount => ({ tag: r.tag, count: Number(r.count) });

/** What a member typed as the start of a tag (`#` optional), or null when it cannot start one. */
export function tagPrefix(query: string): string | null {
  const prefix = normalizeHashtag(query.trim().replace(/^#/, ''));
  return isHashtagPrefix(prefix) ? prefix : null;
}

/** Tags starting with `query`, the most used first (then alphabetical). */
export async function searchHashtags(
  posts: Posts,
  query: string,
  window: RankedWindow,
): Promise<{ items: HashtagCount[]; nextCursor: string | null }> {
  const prefix = tagPrefix(query);
  if (prefix === null) return { items: [], nextCursor: null };
  const { hashtags, posts: postsTable } = posts.tables;
  const rows = rowsOf<CountRow>(
    await posts.ctx.db.execute(sql`
      select h.tag, count(*)::int as count
      from ${hashtags} as h join ${postsTable} as p on p.id = h.post_id
      where h.tag like ${escapeLike(prefix)} || '%' and h.comment_id is null and ${publicPost(posts.tables)}
      group by h.tag
      order by count desc, h.tag
      limit ${window.take} offset ${window.offset}`),
  );
  return offsetPage(rows.map(toCount), window);
}

/**
 * The most used tags of the last `trendingDays` days' public posts, most first, ties by tag: the
 * full list (maxTrendingSize); callers take what they show. The row's `created_at` is the post's
 * time, copied for the index (`hashtags_trending_idx`); the post's own time is the rule.
 */
export async function trendingHashtags(posts: Posts): Promise<HashtagCount[]> {
  const { hashtags, posts: postsTable } = posts.tables;
  const since = new Date(posts.now().getTime() - searchLimits.trendingDays * 86_400_000).toISOString();
  const rows = rowsOf<CountRow>(
    await posts.ctx.db.execute(sql`
      select h.tag, count(*)::int as count
      from ${hashtags} as h join ${postsTable} as p on p.id = h.post_id
      where h.created_at >= ${since}::timestamptz and p.created_at >= ${since}::timestamptz
        and h.comment_id is null and ${publicPost(posts.tables)}
      group by h.tag
      order by count desc, h.tag
      limit ${searchLimits.maxTrendingSize}`),
  );
  return rows.map(toCount);
}

/**
 * Trending, computed at most once a minute per service (the shared store: every replica reads the
 * same answer). The key carries the schema: test runs and services never share it.
 */
export async function cachedTrending(posts: Posts, limit: number): Promise<HashtagCount[]> {
  const ttlMs = posts.trendingCacheMs;
  const key = `posts:${posts.ctx.schema}:trending`;
  const held = ttlMs > 0 ? await posts.ctx.store.get(key) : null;
  if (held !== null) return (JSON.parse(held) as HashtagCount[]).slice(0, limit);
  const fresh = await trendingHashtags(posts);
  if (ttlMs > 0) await posts.ctx.store.set(key, JSON.stringify(fresh), ttlMs);
  return fresh.slice(0, limit);
}

/**
 * The posts whose text, or one of whose live comments, carries `tag`, newest first, as `viewer`
 * may see them (every rule of feed/visibility.ts), with the feed's keyset paging.
 */
export async function hashtagPage(posts: Posts, viewer: number, tag: string, page: PageRequest): Promise<JsonPage> {
  const { hashtags, comments, posts: postsTable } = posts.tables;
  const rows = await postsOf(
    posts,
    viewer,
    sql`
    select p.*, p.created_at as sort_at from ${postsTable} as p
    where p.id in (
        select h.post_id from ${hashtags} as h
        where h.tag = ${normalizeHashtag(tag)}
          and (h.comment_id is null or exists (select 1 from ${comments} as c where c.id = h.comment_id and c.removed_at is null)))
      and ${visibleTo(posts.tables, viewer)} ${before('p.created_at', 'p.id', page.after)}
    order by p.created_at desc, p.id desc
    limit ${page.limit + 1}`,
  );
  return toPage(rows, page.limit);
}
