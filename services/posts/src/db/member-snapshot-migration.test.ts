import { acrossMigration } from '@kora/testing';
import { expect, it } from 'vitest';
import { migrations } from './migrations.js';

it(`0003 carries the authors projection into the member snapshot, its primary key the feed reads kept (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  const { applied, after } = await acrossMigration({
    migrations,
    id: '0003_member_snapshot',
    before: `insert into {schema}.authors (user_id, username, profile_image, updated_at) values (7, 'ada', '/uploads/profile/a.webp', '2025-01-02T03:04:05Z')`,
    after: {
      members: `select user_id, username, display_name, profile_image, activated, joined_at = updated_at as joined_at_last_snapshot,
        updated_at = '2025-01-02T03:04:05Z' as updated_at_kept from {schema}.members`,
      indexes: `select indexname, indexdef from pg_indexes where schemaname = '{schema}' and tablename = 'members'`,
    },
  });
  expect(applied).toEqual(['0003_member_snapshot']);
  expect(after.members).toEqual([
    {
      user_id: 7,
      username: 'ada',
      display_name: 'ada',
      profile_image: '/uploads/profile/a.webp',
      activated: true,
      joined_at_last_snapshot: true,
      updated_at_kept: true,
    },
  ]);
  expect(after.indexes).toEqual([{ indexname: 'members_pkey', indexdef: expect.stringMatching(/USING btree \(user_id\)$/) }]);
});
