/**
 * Posts search (decisions 025 and 047): full text over `posts.search_vector`, every word required
 * and the last one as a prefix, the best first: by `posts.search_rank` (age and engagement, kept by
 * PostgreSQL), then the newest. The rank has an index in that order, so for a common word the
 * planner walks it and stops once the page is full, while a rare word's few matches come from the
 * GIN index and are sorted. Every rule of feed/visibility.ts applies inside the same statement, less
 * posts carrying a word the viewer muted (decision 037), and each shown post is the feed's JSON
 * (post-json.ts).
 */
import { carriesNoWordMutedBy, rowsOf } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { PostsTables } from '../db/schema.js';
import { LIST_COMMENTS, postJsonSql, type PostJsonRow } from '../feed/post-json.js';
import { visibleTo } from '../feed/visibility.js';
import { offsetPage, type RankedWindow } from './ranked-cursor.js';
import { searchWords, tsquerySql } from './words.js';

/** The one statement of a results page (null when the query has no word); the bench runs it bare too. */
export function searchPostsSql(t: PostsTables, viewer: number, query: string, window: RankedWindow, now: string): SQL | null {
  const tsquery = tsquerySql(searchWords(query));
  if (!tsquery) return null;
  // The tsquery is a constant of the statement, so the planner weighs the words' frequencies when it
  // picks the rank index or the word index. post-json.ts shows a page in `sort_at` order, newest
  // first: the rank order travels as instants one microsecond apart, counting down (the cursor is an
  // offset, never this key).
  const page = sql`
    select p.*, timestamptz '2000-01-01 00:00:00+00' - p.place * interval '1 microsecond' as sort_at from (
      select p.*, row_number() over (order by p.search_rank desc, p.id desc) as place from (
        select p.* from ${t.posts} as p
        where p.search_vector @@ ${tsquery} and ${visibleTo(t, viewer)} and ${carriesNoWordMutedBy(t.mutes, viewer, sql`p.content`)}
        order by p.search_rank desc, p.id desc
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
