/**
 * Who may see which post, in one place for every query that reads posts: never a deleted one, and
 * a shadow-hidden one only its author (decision 009). A post the viewer may not see does not exist
 * for them: every route answers 404 for it.
 */
import { rowsOf } from '@kora/platform/service';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { PostsTables } from '../db/schema.js';

/** What `viewer` may see of posts aliased `p`. */
export function visibleTo(viewer: number | Placeholder): SQL {
  return sql`p.deleted_at is null and (not p.shadow_hidden or p.author_id = ${viewer})`;
}

/** The one post `postId` as a page of one row (`p.*` and its sort time), if `viewer` may see it. */
export function visibleRow(tables: PostsTables, viewer: number, postId: number): SQL {
  return sql`
    select p.*, p.created_at as sort_at from ${tables.posts} as p
    where p.id = ${postId} and ${visibleTo(viewer)}
    limit 1`;
}

/** A post a route acts on (like, comment, share, save, delete). */
export interface VisiblePost {
  id: number;
  authorId: number;
}

/** The post, if the viewer may see it. */
export async function visiblePost(posts: Posts, viewer: number, postId: number): Promise<VisiblePost | undefined> {
  const rows = rowsOf<{ id: number; author_id: number }>(
    await posts.ctx.db.execute(sql`select p.id, p.author_id from (${visibleRow(posts.tables, viewer, postId)}) as p`),
  );
  return rows[0] && { id: rows[0].id, authorId: rows[0].author_id };
}
