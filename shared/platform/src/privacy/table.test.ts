import { schemaDrift } from '@kora/testing';
import { pgSchema } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { friendshipsSql, friendshipsTable } from '../friendships/table.js';
import { memberPrivacySql, memberPrivacyTable } from './table.js';

it(`memberPrivacySql and friendshipsSql make exactly their Drizzle tables (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  const drift = await schemaDrift({
    migrations: [
      { id: '0001_privacy', sql: memberPrivacySql },
      { id: '0002_friendships', sql: friendshipsSql },
    ],
    tables: (schema) => ({ privacy: memberPrivacyTable(pgSchema(schema)), friendships: friendshipsTable(pgSchema(schema)) }),
  });
  expect(drift).toEqual([]);
});
