/**
 * Comment moderation state (decision 024): a moderator removes a comment. The row stays (the
 * report and the audit log point at it), it leaves every comment list (post-json.ts skips removed
 * ones) and the post's denormalised count drops in the same transaction, so a page never counts a
 * comment it does not show.
 */
import type { Tx } from '@kora/platform/service';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Posts } from '../context.js';

/** Removes a live comment inside the caller's transaction; false when it was removed already. */
export async function removeComment(posts: Posts, tx: Tx, commentId: number): Promise<boolean> {
  const { comments, posts: postsTable } = posts.tables;
  const [row] = await tx
    .update(comments)
    .set({ removedAt: posts.now() })
    .where(and(eq(comments.id, commentId), isNull(comments.removedAt)))
    .returning({ postId: comments.postId });
  if (!row) return false;
  await tx
    .update(postsTable)
    .set({ commentCount: sql`greatest(${postsTable.commentCount} - 1, 0)` })
    .where(eq(postsTable.id, row.postId));
  return true;
}
