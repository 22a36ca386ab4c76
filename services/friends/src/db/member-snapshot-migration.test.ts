import { acrossMigration } from '@kora/testing';
import { expect, it } from 'vitest';
import { migrations } from './migrations.js';

it(`0002 gives the member projection a display name, keeping every row and the suggestions index (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  const { applied, after } = await acrossMigration({
    migrations,
    id: '0002_member_snapshot',
    before: `insert into {schema}.members (user_id, username, profile_image, activated, joined_at, updated_at)
      values (7, 'ada', '/uploads/profile/a.webp', true, '2024-05-06T00:00:00Z', '2025-01-02T03:04:05Z')`,
    after: {
      members: `select user_id, username, display_name, profile_image, activated, joined_at = '2024-05-06T00:00:00Z' as joined_at_kept from {schema}.members`,
      indexes: `select indexname from pg_indexes where schemaname = '{schema}' and tablename = 'members' order by 1`,
    },
  });
  expect(applied).toEqual(['0002_member_snapshot']);
  expect(after.members).toEqual([
    { user_id: 7, username: 'ada', display_name: 'ada', profile_image: '/uploads/profile/a.webp', activated: true, joined_at_kept: true },
  ]);
  expect(after.indexes).toEqual([{ indexname: 'members_newest_idx' }, { indexname: 'members_pkey' }]);
});
