import { topicOf, type EventPayload } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { announcedTo, deliver, listOf, memberIds, registerMember, someId, useNotificationsService } from '../test-support.js';
import { reportOutcomeText } from './reports.js';

/** The outcome of a member's report (decision 024): `report.closed` tells each reporter, live, once. */
describe(`report outcome notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = useNotificationsService();
  const nextId = memberIds();

  function closed(reporterId: number, changes: Partial<EventPayload<'report.closed'>> = {}): EventPayload<'report.closed'> {
    const postId = someId();
    return {
      reportId: someId(),
      reporterId,
      targetType: 'post',
      targetId: postId,
      postId,
      status: 'resolved',
      moderation: 'remove',
      ...changes,
    };
  }

  it('each reporter is told, pointing at the post, as their own notice, live; a replay stores nothing', async () => {
    const [first, second, admin] = [nextId(), nextId(), nextId()];
    await registerMember(file.svc, first, { firstname: 'Ada', lastname: 'Obi' });
    const postId = someId();
    const events = [];
    for (const reporter of [first, second]) {
      const payload = closed(reporter, { targetId: postId, postId });
      events.push(await deliver(file.svc, 'report.closed', payload, payload.reportId, admin));
    }
    for (const reporter of [first, second]) {
      const [n, ...more] = await listOf(file.api, reporter);
      expect(more).toEqual([]);
      expect(n).toMatchObject({
        type: 'report_outcome',
        actorId: reporter,
        entityType: 'post',
        entityId: postId,
        message: 'We removed the post you reported. Thank you.',
        meta: { postId, groupId: null },
        readAt: null,
      });
      expect(await announcedTo(file.svc, reporter)).toEqual([n]);
    }
    // The first event again (redelivery), then another to know it was handled: still one for the first reporter.
    const again = events[0]!;
    await file.svc.adapters.bus.publish([{ topic: topicOf('report.closed'), key: again.aggregateId, value: JSON.stringify(again) }]);
    await deliver(file.svc, 'report.closed', closed(second), someId(), admin);
    expect(await listOf(file.api, first)).toHaveLength(1);
  });

  it('says what was done: removed, limited, or nothing wrong found; about a comment, points at its post', async () => {
    const reporter = nextId();
    const postId = someId();
    await deliver(file.svc, 'report.closed', closed(reporter, { status: 'dismissed', moderation: null }), someId());
    await deliver(file.svc, 'report.closed', closed(reporter, { moderation: 'shadow' }), someId());
    await deliver(file.svc, 'report.closed', closed(reporter, { targetType: 'comment', targetId: someId(), postId }), someId());
    const [comment, shadow, dismissed] = await listOf(file.api, reporter);
    expect(dismissed!.message).toBe('We reviewed the post you reported and found it does not break our rules.');
    expect(shadow!.message).toBe('We limited who can see the post you reported. Thank you.');
    expect(comment).toMatchObject({
      message: 'We removed the comment you reported. Thank you.',
      entityType: 'post',
      entityId: postId,
      meta: { postId },
    });
    expect(reportOutcomeText({ targetType: 'comment', status: 'dismissed', moderation: null })).toBe(
      'We reviewed the comment you reported and found it does not break our rules.',
    );
  });
});
