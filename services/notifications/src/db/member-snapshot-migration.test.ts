import { migrate, rowsOf } from '@kora/platform';
import { withFreshSchema } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { migrations } from './migrations.js';

it(`0002 renames the member projection's columns to the snapshot's and keeps every row (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  await withFreshSchema(async ({ database, schema }) => {
    await migrate(database, schema, migrations.filter((m) => m.id < '0002'));
    await database.db.execute(
      sql.raw(`insert into ${schema}.members (user_id, name, avatar, updated_at) values (7, 'Ada Obi', '/uploads/profile/a.webp', '2025-01-02T03:04:05Z')`),
    );
    expect(await migrate(database, schema, migrations)).toEqual(['0002_member_snapshot']);

    const rows = rowsOf(
      await database.db.execute(
        sql.raw(`select user_id, username, display_name, profile_image, activated, joined_at = updated_at as joined_at_last_snapshot,
          updated_at = '2025-01-02T03:04:05Z' as updated_at_kept from ${schema}.members`),
      ),
    );
    expect(rows).toEqual([
      { user_id: 7, username: 'member7', display_name: 'Ada Obi', profile_image: '/uploads/profile/a.webp', activated: true, joined_at_last_snapshot: true, updated_at_kept: true },
    ]);
  });
});
