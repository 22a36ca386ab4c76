import { schemaDrift } from '@kora/testing';
import { expect, it } from 'vitest';
import { migrations } from './migrations.js';
import { authSchema } from './schema.js';

it(`auth: the migrations make exactly the Drizzle tables (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  expect(await schemaDrift({ migrations, tables: authSchema })).toEqual([]);
});
