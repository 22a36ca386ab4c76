import { topicOf } from '@kora/contracts';
import { buildEnvelope, consumeMessage } from '@kora/platform';
import { testLog } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { notificationsConsumers } from '../events/subscriptions.js';
import {
  announcedTo,
  deliver,
  listOf,
  memberIds,
  registerMember,
  rowsOf,
  setNotificationSettings,
  someId,
  useNotificationsService,
} from '../test-support.js';

/** Join requests and approvals of groups (decision 021). */
describe(`group notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = useNotificationsService();
  const nextId = memberIds();

  const list = (userId: number) => listOf(file.api, userId);
  const announced = (userId: number) => announcedTo(file.svc, userId);

  it('group.join-requested: one group_join_request to each reviewer, from the requester, pointing at the group', async () => {
    const [owner, admin, requester] = [nextId(), nextId(), nextId()];
    await registerMember(file.svc, requester, { firstname: 'Chidi', lastname: 'Okeke' });
    const groupId = someId();
    // The owner listed twice (an owner who is also named an admin): still one notification.
    await deliver(
      file.svc,
      'group.join-requested',
      { groupId, userId: requester, groupTitle: 'Lagos Food Lovers', reviewerIds: [owner, admin, owner] },
      groupId,
      requester,
    );
    for (const reviewer of [owner, admin]) {
      const notifications = await list(reviewer);
      expect(notifications).toHaveLength(1);
      expect(notifications[0]).toMatchObject({
        type: 'group_join_request',
        actorId: requester,
        actorName: 'Chidi Okeke',
        entityType: 'group',
        entityId: groupId,
        message: 'asked to join Lagos Food Lovers',
        meta: { postId: null, groupId, mentionId: null, review: null },
        readAt: null,
      });
      // Live delivery: the writer announces each one as it stores it.
      expect(await announced(reviewer)).toEqual(notifications);
    }
    expect(await list(requester)).toEqual([]);
  });

  it('group.join-approved: one group_join_approved to the member let in, from the reviewer who approved', async () => {
    const [member, approver] = [nextId(), nextId()];
    await registerMember(file.svc, approver, { firstname: 'Ada', lastname: 'Obi' });
    const groupId = someId();
    await deliver(
      file.svc,
      'group.join-approved',
      { groupId, userId: member, groupTitle: 'Book "Club" ✓', approvedBy: approver },
      groupId,
      approver,
    );
    const [n] = await list(member);
    expect(n).toMatchObject({
      type: 'group_join_approved',
      actorId: approver,
      actorName: 'Ada Obi',
      entityType: 'group',
      entityId: groupId,
      message: 'approved your request to join Book "Club" ✓',
      meta: { postId: null, groupId },
    });
    expect(await list(approver)).toEqual([]);
  });

  it('a reviewer who turned group activity off gets none; the others still do', async () => {
    const [owner, admin, requester] = [nextId(), nextId(), nextId()];
    await setNotificationSettings(file.svc, admin, { inappGroupActivity: false });
    const groupId = someId();
    await deliver(
      file.svc,
      'group.join-requested',
      { groupId, userId: requester, groupTitle: 'Quiet', reviewerIds: [owner, admin] },
      groupId,
      requester,
    );
    expect(await rowsOf(file.svc, admin)).toEqual([]);
    expect(await announced(admin)).toEqual([]);
    expect(await rowsOf(file.svc, owner)).toHaveLength(1);
  });

  it('group.join-withdrawn takes back the unread requests, and leaves read ones as history', async () => {
    const [owner, admin, requester] = [nextId(), nextId(), nextId()];
    const groupId = someId();
    await deliver(
      file.svc,
      'group.join-requested',
      { groupId, userId: requester, groupTitle: 'G', reviewerIds: [owner, admin] },
      groupId,
      requester,
    );
    const [read] = await list(admin);
    expect((await file.api.post('/api/notifications/mark-read', admin, { ids: [read!.id] })).statusCode).toBe(200);
    await deliver(file.svc, 'group.join-withdrawn', { groupId, userId: requester }, groupId, requester);
    expect(await rowsOf(file.svc, owner)).toEqual([]);
    expect((await rowsOf(file.svc, admin)).map((r) => r.id)).toEqual([read!.id]);
  });

  it('stores one notification per reviewer however often the request comes', async () => {
    const [owner, admin, requester] = [nextId(), nextId(), nextId()];
    const groupId = someId();
    const payload = { groupId, userId: requester, groupTitle: 'Twice', reviewerIds: [owner, admin] };
    const envelope = buildEnvelope({ type: 'group.join-requested', aggregateId: groupId, actorId: requester, payload });
    const message = { topic: topicOf('group.join-requested'), key: String(groupId), value: JSON.stringify(envelope) };
    await file.svc.adapters.bus.publish([message, message]);
    // Same key: handled after both copies.
    await deliver(file.svc, 'group.join-withdrawn', { groupId: someId(), userId: nextId() }, groupId, requester);
    // A consumer that lost its processed-events record still stores nothing new.
    const options = {
      group: 'notifications.group-replay-test',
      handlers: notificationsConsumers(file.svc.handle)[0]!.handlers,
      db: file.svc.ctx.db,
      tables: file.svc.ctx.tables,
      bus: file.svc.adapters.bus,
      log: testLog,
    };
    expect(await consumeMessage(options, message)).toBe('processed');
    for (const reviewer of [owner, admin]) {
      expect(await rowsOf(file.svc, reviewer)).toHaveLength(1);
      expect(await announced(reviewer)).toHaveLength(1);
    }
  });
});
