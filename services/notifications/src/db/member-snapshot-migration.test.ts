import { acrossMigration } from '@kora/testing';
import { expect, it } from 'vitest';
import { migrations } from './migrations.js';

it(`0002 renames the member projection's columns to the snapshot's and keeps every row (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  const { applied, after } = await acrossMigration({
    migrations,
    id: '0002_member_snapshot',
    before: `insert into {schema}.members (user_id, name, avatar, updated_at) values (7, 'Ada Obi', '/uploads/profile/a.webp', '2025-01-02T03:04:05Z')`,
    after: {
      members: `select user_id, username, display_name, profile_image, activated, joined_at = updated_at as joined_at_last_snapshot,
        updated_at = '2025-01-02T03:04:05Z' as updated_at_kept from {schema}.members`,
    },
  });
  expect(applied).toEqual(['0002_member_snapshot']);
  expect(after.members).toEqual([
    {
      user_id: 7,
      username: 'member7',
      display_name: 'Ada Obi',
      profile_image: '/uploads/profile/a.webp',
      activated: true,
      joined_at_last_snapshot: true,
      updated_at_kept: true,
    },
  ]);
});
