/** Groups' share of a data archive (decision 035): the groups a member owns and their memberships, siblings only. */
import { exportOf, exportRefusals, memberIds, seedSql, testTarget, type TestService } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGroups } from '../test-support.js';

const nextMember = memberIds();

describe(`groups: the archive export (${testTarget()})`, () => {
  let svc: TestService;
  const [member, other] = [nextMember(), nextMember()];

  beforeAll(async () => {
    svc = await startGroups();
    await seedSql(
      svc,
      `insert into {schema}.groups (owner_id, title) values (${member}, 'Mine'), (${other}, 'Theirs');
       insert into {schema}.memberships (group_id, user_id, status, role, joined_at) values
         ((select id from {schema}.groups where title = 'Mine'), ${member}, 'approved', 'admin', now()),
         ((select id from {schema}.groups where title = 'Theirs'), ${member}, 'pending', 'member', null),
         ((select id from {schema}.groups where title = 'Theirs'), ${other}, 'approved', 'admin', now());`,
    );
  });
  afterAll(() => svc?.close());

  it('answers the groups the member owns and every membership of theirs', async () => {
    const sections = await exportOf(svc, member);
    expect(sections['owned-groups']!.map((g) => g.title)).toEqual(['Mine']);
    expect(sections.memberships!.map((m) => [m.status, m.role])).toEqual([
      ['approved', 'admin'],
      ['pending', 'member'],
    ]);
  });

  it('refuses anyone but a sibling service', async () => {
    expect(await exportRefusals(svc, member)).toEqual([403, 403, 403]);
  });
});
