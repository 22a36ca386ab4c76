import { schemaDrift } from '@kora/testing';
import { pgSchema } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { memberProSql, memberSnapshotSql, memberSnapshotTable } from './table.js';

it(`memberSnapshotSql then memberProSql make exactly memberSnapshotTable, for a new service's migrations (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  const drift = await schemaDrift({
    migrations: [
      { id: '0001_members', sql: memberSnapshotSql },
      { id: '0002_member_pro', sql: memberProSql },
    ],
    tables: (schema) => ({ members: memberSnapshotTable(pgSchema(schema)) }),
  });
  expect(drift).toEqual([]);
});
