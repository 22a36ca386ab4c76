/**
 * One post row as every page query selects it (raw SQL, so the feed can use a lateral join), and
 * the mapping from the driver's values: node-postgres answers bigint as strings, PGlite as numbers,
 * so every number goes through `Number()`.
 */
import { rowsOf } from '@kora/platform';
import { sql, type SQL } from 'drizzle-orm';
import type { PageKey } from './cursor.js';
import { keySql } from './cursor.js';

export interface PostRow {
  id: number;
  authorId: number;
  content: string;
  media: string[];
  createdAt: Date;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  shadowHidden: boolean;
  /** The row's sort key in the list it came from (its creation, or when it was saved). */
  key: PageKey;
}

/** The columns of posts aliased `p`, plus the list's sort key rendered for the cursor. */
export function postColumns(keyColumn: SQL = sql`p.created_at`): SQL {
  return sql`p.id, p.author_id, p.content, p.media, p.created_at, p.like_count, p.comment_count, p.share_count,
    p.shadow_hidden, ${keySql(keyColumn)} as page_at`;
}

/** What `viewer` may see of posts aliased `p`: never deleted ones; shadow-hidden ones only their own. */
export function visibleTo(viewer: number): SQL {
  return sql`p.deleted_at is null and (not p.shadow_hidden or p.author_id = ${viewer})`;
}

interface RawPostRow {
  id: number | string;
  author_id: number | string;
  content: string;
  media: string[] | null;
  created_at: Date | string;
  like_count: number | string;
  comment_count: number | string;
  share_count: number | string;
  shadow_hidden: boolean;
  page_at: string;
}

export function toPostRows(result: unknown): PostRow[] {
  return rowsOf<RawPostRow>(result).map((r) => ({
    id: Number(r.id),
    authorId: Number(r.author_id),
    content: r.content,
    media: r.media ?? [],
    createdAt: new Date(r.created_at),
    likeCount: Number(r.like_count),
    commentCount: Number(r.comment_count),
    shareCount: Number(r.share_count),
    shadowHidden: r.shadow_hidden,
    key: { at: r.page_at, id: Number(r.id) },
  }));
}
