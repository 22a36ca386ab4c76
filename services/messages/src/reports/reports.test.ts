/**
 * Reported messages (decision 039): a member reports a message they can see (once, never their
 * own); an admin lists reports with the message and its sender and nothing else, and closes them,
 * each close recorded in the audit log.
 */
import { adminTexts, messageTexts as t, type AdminMessageReport } from '@kora/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, expectError, memberIds, outboxEvents, registerMembers, useMessagesService } from '../test-support.js';

const file = useMessagesService();
const nextId = memberIds();
const [ada, bola, outsider, adminId] = [nextId(), nextId(), nextId(), nextId()];

describe('message reports', () => {
  let id = 0;
  beforeAll(async () => {
    await registerMembers(file.svc, [ada, bola, outsider]);
    await befriend(file.svc, ada, bola);
    id = (await file.api.start(ada, [bola])).id;
  });

  it('a member reports a message they see, once; not their own; admins list it with its sender and close it', async () => {
    const message = await file.api.sent(bola, id, 'You will regret this');
    const path = `/api/messages/conversations/${id}/messages/${message.id}/report`;
    const res = await file.api.post(path, ada, { reason: 'harassment', note: ' stop ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), message: adminTexts.reportSent });
    expectError(await file.api.post(path, ada, { reason: 'spam' }), 409, adminTexts.alreadyReported);
    expectError(await file.api.post(path, bola, { reason: 'spam' }), 400, t.cannotReportOwn);
    expectError(await file.api.post(path, ada, { reason: 'boring' }), 400, t.reportReasonInvalid);
    expectError(await file.api.post(path, outsider, { reason: 'spam' }), 404, t.conversationNotFound);
    expectError(
      await file.api.post(`/api/messages/conversations/${id}/messages/999999999999/report`, ada, { reason: 'spam' }),
      404,
      t.messageNotFound,
    );

    const reportId = res.json<{ id: number }>().id;
    const listed = await file.api.asAdmin('GET', '/api/admin/message-reports?limit=100', adminId);
    expect(listed.statusCode).toBe(200);
    const report = listed.json<{ items: AdminMessageReport[] }>().items.find((r) => r.id === reportId);
    expect(report).toMatchObject({
      messageId: message.id,
      body: 'You will regret this',
      senderId: bola,
      senderUsername: `user${bola}`,
      senderName: 'Ada Obi',
      reporterId: ada,
      reason: 'harassment',
      note: 'stop',
      status: 'open',
      closedAt: null,
    });
    expect(Object.keys(report!)).not.toContain('conversationId');

    const close = (status: string) => file.api.asAdmin('POST', `/api/admin/message-reports/${reportId}/close`, adminId, { status });
    expectError(await close('maybe'), 400, t.reportStatusInvalid);
    expect((await close('resolved')).json()).toEqual({ id: reportId, status: 'resolved' });
    expectError(await close('dismissed'), 409, t.reportClosed);
    expectError(
      await file.api.asAdmin('POST', '/api/admin/message-reports/999999999999/close', adminId, { status: 'resolved' }),
      404,
      t.reportNotFound,
    );
    const closed = (await file.api.asAdmin('GET', '/api/admin/message-reports?status=closed&limit=100', adminId)).json<{
      items: AdminMessageReport[];
    }>();
    expect(closed.items.find((r) => r.id === reportId)).toMatchObject({ status: 'resolved', closedAt: expect.any(String) });
    const audit = (await outboxEvents(file.svc, 'admin.action-recorded')).filter((e) => e.payload.targetId === String(reportId));
    expect(audit.map((e) => e.payload)).toEqual([
      expect.objectContaining({ actorId: adminId, action: 'report.resolved', targetType: 'message-report', after: { status: 'resolved' } }),
    ]);
  });
});
