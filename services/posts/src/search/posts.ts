/**
 * Posts search (decision 025): full text over `posts.search_vector` (its GIN index finds the
 * candidates), every word required and the last one as a prefix, ranked by `ts_rank_cd` (more and
 * closer matches first), then newest first. Every rule of feed/visibility.ts applies inside the
 * same statement, and each shown post is the feed's JSON (post-json.ts).
 */
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { LIST_COMMENTS, postJsonSql, type PostJsonRow } from '../feed/post-json.js';
import { visibleTo } from '../feed/visibility.js';
import { offsetPage, type RankedWindow } from './ranked-cursor.js';
import { searchWords, tsquerySql } from './words.js';

export async function searchPosts(posts: Posts, viewer: number, query: string, window: RankedWindow): Promise<{ items: string[]; nextCursor: string | null }> {
  const tsquery = tsquerySql(searchWords(query));
  if (!tsquery) return { items: [], nextCursor: null };
  const t = posts.tables;
  // post-json.ts shows a page in `sort_at` order, newest first: the rank order travels as
  // instants one microsecond apart, counting down (the cursor is an offset, never this key).
  const page = sql`
    select p.*, timestamptz '2000-01-01 00:00:00+00' - p.place * interval '1 microsecond' as sort_at from (
      select p.*, row_number() over (order by p.rank desc, p.created_at desc, p.id desc) as place from (
        select p.*, ts_rank_cd(p.search_vector, q.query) as rank
        from ${t.posts} as p, (select ${tsquery} as query) as q
        where p.search_vector @@ q.query and ${visibleTo(t, viewer)}
        order by rank desc, p.created_at desc, p.id desc
        limit ${window.take} offset ${window.offset}
      ) as p
    ) as p`;
  const rows = rowsOf<PostJsonRow>(await posts.ctx.db.execute(postJsonSql(t, viewer, posts.now().toISOString(), page, LIST_COMMENTS)));
  return offsetPage(
    rows.map((r) => r.post),
    window,
  );
}
