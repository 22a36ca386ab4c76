/**
 * Post moderation state, in one place: soft deletion (by the author, or by a moderator from the
 * admin back office), restoring, and shadow-hiding. A deleted post is never served; a
 * shadow-hidden one is served to its author only, who sees it as usual (decision 009). The page
 * queries apply the same rule through `visibleTo` (feed/visibility.ts).
 */
import type { Emit, Tx } from '@kora/platform/service';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Posts } from '../context.js';

/**
 * Marks a live post deleted and announces `post.deleted`, inside the caller's transaction.
 * Answers false when the post does not exist or is already deleted (nothing announced).
 */
export async function softDeletePost(
  posts: Posts,
  tx: Tx,
  emit: Emit,
  postId: number,
  by: { actorId: number; byModerator: boolean },
): Promise<boolean> {
  const { posts: table } = posts.tables;
  const [row] = await tx
    .update(table)
    .set({ deletedAt: posts.now(), deletedByModerator: by.byModerator })
    .where(and(eq(table.id, postId), isNull(table.deletedAt)))
    .returning({ id: table.id, authorId: table.authorId });
  if (!row) return false;
  emit({
    type: 'post.deleted',
    aggregateId: row.id,
    actorId: by.actorId,
    payload: { postId: row.id, postOwnerId: row.authorId, byModerator: by.byModerator },
  });
  return true;
}

/** Shows or shadow-hides a post; false when there is no such post. */
export async function setShadowHidden(posts: Posts, postId: number, hidden: boolean): Promise<boolean> {
  const { posts: table } = posts.tables;
  const rows = await posts.ctx.db.update(table).set({ shadowHidden: hidden }).where(eq(table.id, postId)).returning({ id: table.id });
  return rows.length > 0;
}

/**
 * Undeletes a post, inside the caller's transaction; false when it was not deleted. Deleting only
 * set the flag (counters, likes, comments, saves and mentions stay with the post), and every read
 * path tests the flag in its own SQL, so clearing it brings the post back everywhere at once.
 */
export async function restorePost(posts: Posts, tx: Tx, postId: number): Promise<boolean> {
  const { posts: table } = posts.tables;
  const rows = await tx
    .update(table)
    .set({ deletedAt: null, deletedByModerator: false })
    .where(and(eq(table.id, postId), isNotNull(table.deletedAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** Shadow-hides or shows a post inside the caller's transaction; false when it already was so. */
export async function setShadowHiddenIn(posts: Posts, tx: Tx, postId: number, hidden: boolean): Promise<boolean> {
  const { posts: table } = posts.tables;
  const rows = await tx
    .update(table)
    .set({ shadowHidden: hidden })
    .where(and(eq(table.id, postId), eq(table.shadowHidden, !hidden)))
    .returning({ id: table.id });
  return rows.length > 0;
}
