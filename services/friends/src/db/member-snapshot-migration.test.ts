import { migrate, rowsOf } from '@kora/platform';
import { withFreshSchema } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { migrations } from './migrations.js';

it(`0002 gives the member projection a display name, keeping every row and the suggestions index (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  await withFreshSchema(async ({ database, schema }) => {
    await migrate(database, schema, migrations.filter((m) => m.id < '0002'));
    await database.db.execute(
      sql.raw(`insert into ${schema}.members (user_id, username, profile_image, activated, joined_at, updated_at)
        values (7, 'ada', '/uploads/profile/a.webp', true, '2024-05-06T00:00:00Z', '2025-01-02T03:04:05Z')`),
    );
    expect(await migrate(database, schema, migrations)).toEqual(['0002_member_snapshot']);

    const rows = rowsOf(
      await database.db.execute(
        sql.raw(`select user_id, username, display_name, profile_image, activated, joined_at = '2024-05-06T00:00:00Z' as joined_at_kept from ${schema}.members`),
      ),
    );
    expect(rows).toEqual([{ user_id: 7, username: 'ada', display_name: 'ada', profile_image: '/uploads/profile/a.webp', activated: true, joined_at_kept: true }]);
    const indexes = rowsOf<{ indexname: string }>(await database.db.execute(sql`select indexname from pg_indexes where schemaname = ${schema} and tablename = 'members' order by 1`));
    expect(indexes.map((i) => i.indexname)).toEqual(['members_newest_idx', 'members_pkey']);
  });
});
