/**
 * A member reports a post or a comment (decision 024). Only what they can see: a post
 * outside their audience, a removed one, or a comment on such a post or itself removed answers the
 * same 404 as a post that does not exist. Not their own. Once per member and item: the unique
 * index `reports_once_uq` decides, so two reports at once store one and the other answers 409.
 */
import { adminTexts, type CreateReportBody, type ReportTarget } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { alreadyReported, cannotReportOwn, postNotFound } from '../errors.js';
import { visiblePost } from '../feed/visibility.js';

interface ReportedItem {
  targetType: ReportTarget;
  targetId: number;
  postId: number;
  authorId: number;
}

/** The item the member points at, if they may see it. */
async function itemFor(posts: Posts, reporterId: number, body: CreateReportBody): Promise<ReportedItem | undefined> {
  if (body.postId !== undefined) {
    const post = await visiblePost(posts, reporterId, body.postId);
    return post && { targetType: 'post', targetId: post.id, postId: post.id, authorId: post.authorId };
  }
  const rows = rowsOf<{ post_id: number; user_id: number }>(
    await posts.ctx.db.execute(
      sql`select c.post_id, c.user_id from ${posts.tables.comments} as c where c.id = ${body.commentId!} and c.removed_at is null`,
    ),
  );
  const comment = rows[0];
  if (!comment) return undefined;
  const post = await visiblePost(posts, reporterId, Number(comment.post_id));
  return post && { targetType: 'comment', targetId: body.commentId!, postId: post.id, authorId: Number(comment.user_id) };
}

export async function createReport(posts: Posts, reporterId: number, body: CreateReportBody): Promise<{ id: number; message: string }> {
  const item = await itemFor(posts, reporterId, body);
  if (!item) throw postNotFound();
  if (item.authorId === reporterId) throw cannotReportOwn();
  const { reports } = posts.tables;
  const [row] = await posts.ctx.db
    .insert(reports)
    .values({ reporterId, targetType: item.targetType, targetId: item.targetId, postId: item.postId, reason: body.reason, note: body.note })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!row) throw alreadyReported();
  return { id: row.id, message: adminTexts.reportSent };
}
