/** Settings' share of a data archive (decision 035): what the member saved on each tab, siblings only. */
import { exportOf, exportRefusals, memberIds, seedSql, testTarget, type TestService } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSettings } from '../test-support.js';

const nextMember = memberIds();

describe(`settings: the archive export (${testTarget()})`, () => {
  let svc: TestService;
  const [member, other] = [nextMember(), nextMember()];

  beforeAll(async () => {
    svc = await startSettings();
    await seedSql(
      svc,
      `insert into {schema}.member_settings (user_id, tab, values) values
         (${member}, 'privacy', '{"profileVisibility":"friends"}'), (${member}, 'notifications', '{"inappLikes":false}'),
         (${other}, 'privacy', '{"profileVisibility":"public"}');`,
    );
  });
  afterAll(() => svc?.close());

  it("answers the member's saved settings, tab by tab", async () => {
    const sections = await exportOf(svc, member);
    expect(sections.settings!.map((s) => [s.tab, s.values])).toEqual([
      ['notifications', { inappLikes: false }],
      ['privacy', { profileVisibility: 'friends' }],
    ]);
  });

  it('refuses anyone but a sibling service', async () => {
    expect(await exportRefusals(svc, member)).toEqual([403, 403, 403]);
  });
});
