/**
 * One post row as every page query selects it (raw SQL, so the feed can use a lateral join), and
 * the mapping from the driver's values: node-postgres answers bigint as strings, PGlite as numbers,
 * so every number goes through `Number()`.
 *
 * The row carries what depends on the post alone and the viewer: how its author shows (from the
 * authors projection) and whether the viewer liked, shared or saved it. Each is an index lookup per
 * row inside the page's one statement, where separate queries would each cost a round trip and a
 * pool connection more per page.
 */
import { rowsOf } from '@kora/platform';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PostsTables } from '../db/schema.js';
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
  /** How the author shows; null while their snapshot has not reached the projection. */
  author: { username: string; profileImage: string } | null;
  hasLiked: boolean;
  hasShared: boolean;
  hasSaved: boolean;
  /** The row's sort key in the list it came from (its creation, or when it was saved). */
  key: PageKey;
}

/**
 * The columns of a page's rows aliased `p` (posts' own columns plus `sort_at`, the list's sort
 * time) as `viewer` sees them: author, liked, shared, saved, and the sort key for the cursor.
 */
export function postColumns(tables: PostsTables, viewer: number | Placeholder): SQL {
  return sql`p.id, p.author_id, p.content, p.media, p.created_at, p.like_count, p.comment_count, p.share_count,
    p.shadow_hidden, ${keySql(sql`p.sort_at`)} as page_at, au.username as author_username, au.profile_image as author_image,
    exists (select 1 from ${tables.likes} as l where l.post_id = p.id and l.user_id = ${viewer}) as has_liked,
    exists (select 1 from ${tables.shares} as sh where sh.post_id = p.id and sh.user_id = ${viewer}) as has_shared,
    exists (select 1 from ${tables.saves} as sv where sv.user_id = ${viewer} and sv.post_id = p.id) as has_saved`;
}

/** The join `postColumns` reads the author from: after the FROM item that names `p`. */
export function authorJoin(tables: PostsTables): SQL {
  return sql`left join ${tables.authors} as au on au.user_id = p.author_id`;
}

/** What `viewer` may see of posts aliased `p`: never deleted ones; shadow-hidden ones only their own. */
export function visibleTo(viewer: number | Placeholder): SQL {
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
  author_username: string | null;
  author_image: string | null;
  has_liked: boolean;
  has_shared: boolean;
  has_saved: boolean;
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
    author: r.author_username === null ? null : { username: r.author_username, profileImage: r.author_image! },
    hasLiked: r.has_liked,
    hasShared: r.has_shared,
    hasSaved: r.has_saved,
    key: { at: r.page_at, id: Number(r.id) },
  }));
}
