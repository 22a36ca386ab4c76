/** Friends' share of a data archive (decision 035): the member's friends and requests, siblings only. */
import { exportOf, exportRefusals, memberIds, seedSql, testTarget, type TestService } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFriends } from '../test-support.js';

const nextMember = memberIds();

describe(`friends: the archive export (${testTarget()})`, () => {
  let svc: TestService;
  const [member, friend, stranger, third] = [nextMember(), nextMember(), nextMember(), nextMember()];

  beforeAll(async () => {
    svc = await startFriends();
    await seedSql(
      svc,
      `insert into {schema}.friendships (user_id, friend_id) values (${member}, ${friend}), (${friend}, ${member}), (${stranger}, ${third});
       insert into {schema}.friend_requests (from_user_id, to_user_id) values (${member}, ${stranger}), (${third}, ${member}), (${stranger}, ${third});`,
    );
  });
  afterAll(() => svc?.close());

  it("answers the member's friends and the requests they sent and received", async () => {
    const sections = await exportOf(svc, member);
    expect(sections.friends!.map((f) => f.friendId)).toEqual([friend]);
    expect(sections['requests-sent']!.map((r) => r.toUserId)).toEqual([stranger]);
    expect(sections['requests-received']!.map((r) => r.fromUserId)).toEqual([third]);
  });

  it('refuses anyone but a sibling service', async () => {
    expect(await exportRefusals(svc, member)).toEqual([403, 403, 403]);
  });
});
