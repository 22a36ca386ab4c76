/** Notifications' share of a data archive (decision 035): what the member received, siblings only. */
import { exportOf, exportRefusals, memberIds, seedSql, testTarget, type TestService } from '@kora/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotifications } from '../test-support.js';

const nextMember = memberIds();

describe(`notifications: the archive export (${testTarget()})`, () => {
  let svc: TestService;
  const [member, other] = [nextMember(), nextMember()];

  beforeAll(async () => {
    svc = await startNotifications();
    await seedSql(
      svc,
      `insert into {schema}.notifications (recipient_id, type, actor_id, entity_type, entity_id, message, source_event_id) values
         (${member}, 'post.liked', ${other}, 'post', 1, 'liked your post', '${randomUUID()}'),
         (${other}, 'post.liked', ${member}, 'post', 2, 'not for the member', '${randomUUID()}');`,
    );
  });
  afterAll(() => svc?.close());

  it('answers the notifications the member received', async () => {
    const sections = await exportOf(svc, member);
    expect(sections.notifications!.map((n) => n.message)).toEqual(['liked your post']);
  });

  it('refuses anyone but a sibling service', async () => {
    expect(await exportRefusals(svc, member)).toEqual([403, 403, 403]);
  });
});
