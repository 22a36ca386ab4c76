import { schemaDrift } from '@kora/testing';
import { pgSchema } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { memberSnapshotSql, memberSnapshotTable } from './table.js';

it(`memberSnapshotSql makes exactly memberSnapshotTable, for a new service's first migration (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  const drift = await schemaDrift({
    migrations: [{ id: '0001_members', sql: memberSnapshotSql }],
    tables: (schema) => ({ members: memberSnapshotTable(pgSchema(schema)) }),
  });
  expect(drift).toEqual([]);
});
