/**
 * The back office's reported messages (decision 039): each report with the message's text and
 * media, its sender and its reporter; nothing else of the conversation. Closing one (resolved or
 * dismissed) is recorded in the audit log (`admin.action-recorded`, decision 024).
 */
import { numberedPage, type AdminMessageReport, type NumberedPage } from '@kora/contracts';
import { memberViews } from '@kora/platform/service';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Messages } from '../context.js';
import { reportClosed, reportNotFound } from '../errors.js';

export async function adminMessageReports(
  m: Messages,
  query: { status: 'open' | 'closed'; page: number; limit: number },
): Promise<NumberedPage<AdminMessageReport>> {
  const { reports, messages } = m.tables;
  const db = m.ctx.db;
  const where = query.status === 'open' ? eq(reports.status, 'open') : ne(reports.status, 'open');
  const [rows, [total]] = await Promise.all([
    db
      .select({ report: reports, message: messages })
      .from(reports)
      .innerJoin(messages, eq(messages.id, reports.messageId))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(reports).where(where),
  ]);
  const view = await memberViews(
    db,
    m.tables.members,
    rows.flatMap((r) => [r.message.senderId, r.report.reporterId]),
    m.now(),
  );
  const items = rows.map(({ report, message }): AdminMessageReport => {
    const sender = view(message.senderId);
    return {
      id: report.id,
      messageId: message.id,
      body: message.deletedAt ? '' : message.body,
      media: message.deletedAt ? [] : message.media,
      deleted: message.deletedAt !== null,
      sentAt: message.createdAt.toISOString(),
      senderId: message.senderId,
      senderUsername: sender.username,
      senderName: sender.displayName,
      reporterId: report.reporterId,
      reporterUsername: view(report.reporterId).username,
      reason: report.reason,
      note: report.note,
      status: report.status,
      createdAt: report.createdAt.toISOString(),
      closedAt: report.closedAt?.toISOString() ?? null,
    };
  });
  return numberedPage(items, Number(total?.n ?? 0), query.page, query.limit);
}

export async function closeMessageReport(
  m: Messages,
  adminId: number,
  reportId: number,
  status: 'resolved' | 'dismissed',
): Promise<{ id: number; status: 'resolved' | 'dismissed' }> {
  return m.ctx.transact(async (tx, emit) => {
    const { reports } = m.tables;
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!report) throw reportNotFound();
    if (report.status !== 'open') throw reportClosed();
    const at = m.now();
    await tx
      .update(reports)
      .set({ status, closedAt: at, closedBy: adminId })
      .where(and(eq(reports.id, reportId), eq(reports.status, 'open')));
    emit({
      type: 'admin.action-recorded',
      // Keyed by the target: one report's actions stay in order.
      aggregateId: `message-report-${reportId}`,
      actorId: adminId,
      payload: {
        actorId: adminId,
        action: status === 'resolved' ? 'report.resolved' : 'report.dismissed',
        targetType: 'message-report',
        targetId: String(reportId),
        before: { status: 'open', messageId: report.messageId },
        after: { status },
        occurredAt: at.toISOString(),
      },
    });
    return { id: reportId, status };
  });
}
