/**
 * What "best" means for posts search (decision 047): a post's rank is its age in days since the
 * epoch plus one day for every doubling of its engagement (likes, comments twice, shares three
 * times), so a post many members answered stays above fresher ones for a while and then gives way.
 * The doublings are whole numbers: most likes leave the rank as it was, so they stay cheap writes.
 * PostgreSQL keeps the rank in `posts.search_rank` (generated from the same columns by
 * `public.kora_search_rank`); any other search engine fed by events computes it here, the same way.
 */

/** What a post's rank is made of. */
export interface RankCounts {
  likeCount: number;
  commentCount: number;
  shareCount: number;
  createdAt: Date;
}

const DAY_MS = 86_400_000;

/** A post's engagement, comments and shares weighing more than a like. */
export function engagementOf(counts: Pick<RankCounts, 'likeCount' | 'commentCount' | 'shareCount'>): number {
  return Math.max(0, counts.likeCount) + 2 * Math.max(0, counts.commentCount) + 3 * Math.max(0, counts.shareCount);
}

export function searchRank(counts: RankCounts): number {
  return counts.createdAt.getTime() / DAY_MS + Math.floor(Math.log2(1 + engagementOf(counts)));
}

/** The same in SQL: immutable, so a generated column may use it. */
export const searchRankFunctionSql = `
  create or replace function public.kora_search_rank(likes integer, comments integer, shares integer, created timestamptz)
  returns double precision language sql immutable parallel safe as $$
    select extract(epoch from created)::double precision / 86400
      + floor(log(2, (1 + greatest(likes, 0) + 2 * greatest(comments, 0) + 3 * greatest(shares, 0))::numeric))::double precision
  $$;`;
