/**
 * An admin closes a report (PUT /api/admin/reports/{id}; decision 024): `resolve` with the
 * moderation taken on the item (remove or shadow a post, remove a comment) or `dismiss`. Every
 * open report on the same item closes with it, in one transaction with the moderation itself:
 * each closed report is announced (`report.closed`, so its reporter is told the outcome) and the
 * admin's actions are recorded (`admin.action-recorded`: the report's decision, and the post's or
 * comment's moderation when it changed something). The item's open reports are locked first, so
 * two admins closing the same item at once close it once; the second is told it is closed.
 */
import type { CloseReportBody, ReportStatus, ReportTarget } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { commentCannotShadow, reportClosed, reportNotFound } from '../errors.js';
import { applyPostAction } from '../admin/post-visibility.js';
import { recordAdminAction } from '../moderation/audit.js';
import { removeComment } from '../moderation/comment-state.js';

export async function closeReport(
  posts: Posts,
  adminId: number,
  reportId: number,
  body: CloseReportBody,
): Promise<{ closed: number; status: Exclude<ReportStatus, 'open'> }> {
  const { reports } = posts.tables;
  const status = body.action === 'resolve' ? 'resolved' : 'dismissed';
  const moderation = body.action === 'resolve' ? body.moderation! : null;
  return posts.ctx.transact(async (tx, emit) => {
    const found = rowsOf<{ target_type: ReportTarget; target_id: number; post_id: number; status: ReportStatus }>(
      await tx.execute(sql`select r.target_type, r.target_id, r.post_id, r.status from ${reports} as r where r.id = ${reportId}`),
    );
    const report = found[0];
    if (!report) throw reportNotFound();
    const targetType = report.target_type;
    const targetId = Number(report.target_id);
    const postId = Number(report.post_id);
    if (targetType === 'comment' && moderation === 'shadow') throw commentCannotShadow();
    // Every open report on the item, locked: a concurrent close waits here and then finds none.
    const open = rowsOf<{ id: number; reporter_id: number }>(
      await tx.execute(sql`select r.id, r.reporter_id from ${reports} as r
        where r.target_type = ${targetType} and r.target_id = ${targetId} and r.status = 'open'
        order by r.id for update`),
    );
    if (!open.some((r) => Number(r.id) === reportId)) throw reportClosed();

    if (moderation !== null) {
      if (targetType === 'post') await applyPostAction(posts, tx, emit, adminId, postId, moderation);
      else if (await removeComment(posts, tx, targetId)) {
        recordAdminAction(
          emit,
          {
            actorId: adminId,
            action: 'comment.removed',
            targetType: 'comment',
            targetId,
            before: { isRemoved: false },
            after: { isRemoved: true },
          },
          posts.now(),
        );
      }
    }

    const ids = open.map((r) => Number(r.id));
    await tx.execute(sql`update ${reports} set status = ${status}, moderation = ${moderation}, closed_at = ${posts.now().toISOString()}::timestamptz, closed_by = ${adminId}
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    for (const r of open) {
      emit({
        type: 'report.closed',
        aggregateId: Number(r.id),
        actorId: adminId,
        payload: { reportId: Number(r.id), reporterId: Number(r.reporter_id), targetType, targetId, postId, status, moderation },
      });
    }
    recordAdminAction(
      emit,
      {
        actorId: adminId,
        action: status === 'resolved' ? 'report.resolved' : 'report.dismissed',
        targetType: 'report',
        targetId: reportId,
        before: { status: 'open', item: { type: targetType, id: targetId }, reportIds: ids },
        after: { status, moderation, closed: ids.length },
      },
      posts.now(),
    );
    return { closed: ids.length, status };
  });
}
