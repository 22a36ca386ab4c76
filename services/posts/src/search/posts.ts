/**
 * Posts search (decision 025): full text over `posts.search_vector` (its GIN index finds the
 * candidates), every word required and the last one as a prefix, ranked by `ts_rank_cd` (more and
 * closer matches first), then newest first. Only the newest RANKED_CANDIDATES matches the viewer may
 * see are ranked: a common word ("lagos") matches a fifth of all posts, and ranking every one of
 * them cost 0.75 s a search over 100,000 posts (bench), while a member reads the first pages only
 * and, on a social network, a fresh post is worth more than an old one that says the word twice. Every rule of feed/visibility.ts applies inside the
 * same statement, less posts carrying a word the viewer muted (decision 037), and each shown post is the feed's JSON (post-json.ts).
 */
import { searchLimits } from '@kora/contracts';
import { carriesNoWordMutedBy, rowsOf } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { PostsTables } from '../db/schema.js';
import { LIST_COMMENTS, postJsonSql, type PostJsonRow } from '../feed/post-json.js';
import { visibleTo } from '../feed/visibility.js';
import { offsetPage, type RankedWindow } from './ranked-cursor.js';
import { searchWords, tsquerySql } from './words.js';

/** How many of the newest visible matches are ranked; twice the deepest page a cursor reaches. */
export const RANKED_CANDIDATES = 2 * searchLimits.maxDepth;

/** The one statement of a results page (null when the query has no word); the bench runs it bare too. */
export function searchPostsSql(t: PostsTables, viewer: number, query: string, window: RankedWindow, now: string): SQL | null {
  const tsquery = tsquerySql(searchWords(query));
  if (!tsquery) return null;
  // post-json.ts shows a page in `sort_at` order, newest first: the rank order travels as
  // instants one microsecond apart, counting down (the cursor is an offset, never this key).
  const page = sql`
    select p.*, timestamptz '2000-01-01 00:00:00+00' - p.place * interval '1 microsecond' as sort_at from (
      select p.*, row_number() over (order by p.rank desc, p.created_at desc, p.id desc) as place from (
        select p.*, ts_rank_cd(p.search_vector, q.query) as rank from (
          select p.* from ${t.posts} as p, (select ${tsquery} as query) as q
          where p.search_vector @@ q.query and ${visibleTo(t, viewer)} and ${carriesNoWordMutedBy(t.mutes, viewer, sql`p.content`)}
          order by p.id desc
          limit ${RANKED_CANDIDATES}
        ) as p, (select ${tsquery} as query) as q
        order by rank desc, p.created_at desc, p.id desc
        limit ${window.take} offset ${window.offset}
      ) as p
    ) as p`;
  return postJsonSql(t, viewer, now, page, LIST_COMMENTS);
}

export async function searchPosts(
  posts: Posts,
  viewer: number,
  query: string,
  window: RankedWindow,
): Promise<{ items: string[]; nextCursor: string | null }> {
  const statement = searchPostsSql(posts.tables, viewer, query, window, posts.now().toISOString());
  if (!statement) return { items: [], nextCursor: null };
  const rows = rowsOf<PostJsonRow>(await posts.ctx.db.execute(statement));
  return offsetPage(
    rows.map((r) => r.post),
    window,
  );
}
