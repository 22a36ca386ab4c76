/** Saving posts for later: one row per member and post, so saving twice is the same as once. */
import { and, eq } from 'drizzle-orm';
import type { Posts } from '../context.js';

export async function savePost(posts: Posts, memberId: number, postId: number): Promise<void> {
  await posts.ctx.db.insert(posts.tables.saves).values({ userId: memberId, postId }).onConflictDoNothing();
}

/** Unsaving works whatever became of the post (deleted or hidden since), so a member can tidy up. */
export async function unsavePost(posts: Posts, memberId: number, postId: number): Promise<void> {
  const { saves } = posts.tables;
  await posts.ctx.db.delete(saves).where(and(eq(saves.userId, memberId), eq(saves.postId, postId)));
}
