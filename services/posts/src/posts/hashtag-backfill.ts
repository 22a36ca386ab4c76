/**
 * The one-off fill of the hashtags table for posts and comments written before it existed
 * (migration 0010 leaves a `pending_backfills` row). Done in JavaScript with `hashtagsIn`, not in
 * the migration's SQL: the rule is Unicode-aware (`\p{L}`), which PostgreSQL's regular expressions
 * are not under the C locale, and a second copy of the rule could drift from the first.
 *
 * Runs at start-up in one transaction that first deletes the pending row: a second replica starting
 * at once waits on that row and then finds nothing to do; a failure leaves the row for the next start.
 */
import type { Tx } from '@kora/platform/service';
import { asc, eq, gt } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { recordHashtags } from './hashtags.js';

const BATCH = 1_000;
const NAME = 'hashtags';

/** Answers how many posts and comments were read (0 when there was nothing to do). */
export async function backfillHashtags(posts: Posts): Promise<number> {
  const { pendingBackfills } = posts.tables;
  return posts.ctx.transact(async (tx) => {
    const pending = await tx.delete(pendingBackfills).where(eq(pendingBackfills.name, NAME)).returning();
    if (pending.length === 0) return 0;
    return (await backfillPosts(posts, tx)) + (await backfillComments(posts, tx));
  });
}

async function backfillPosts(posts: Posts, tx: Tx): Promise<number> {
  const t = posts.tables.posts;
  let read = 0;
  for (let last = 0; ;) {
    const rows = await tx
      .select({ id: t.id, content: t.content, createdAt: t.createdAt })
      .from(t)
      .where(gt(t.id, last))
      .orderBy(asc(t.id))
      .limit(BATCH);
    if (rows.length === 0) return read;
    await recordHashtags(
      tx,
      posts.tables,
      rows.map((r) => ({ postId: r.id, commentId: null, text: r.content, createdAt: r.createdAt })),
    );
    read += rows.length;
    last = rows[rows.length - 1]!.id;
  }
}

async function backfillComments(posts: Posts, tx: Tx): Promise<number> {
  const c = posts.tables.comments;
  let read = 0;
  for (let last = 0; ;) {
    const rows = await tx
      .select({ id: c.id, postId: c.postId, content: c.content, createdAt: c.createdAt })
      .from(c)
      .where(gt(c.id, last))
      .orderBy(asc(c.id))
      .limit(BATCH);
    if (rows.length === 0) return read;
    await recordHashtags(
      tx,
      posts.tables,
      rows.map((r) => ({ postId: r.postId, commentId: r.id, text: r.content, createdAt: r.createdAt })),
    );
    read += rows.length;
    last = rows[rows.length - 1]!.id;
  }
}
