import { schemaDrift } from '@kora/testing';
import { expect, it } from 'vitest';
import { migrations } from './migrations.js';
import { messagesSchema } from './schema.js';

it(`messages: the migrations make exactly the Drizzle tables (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, async () => {
  expect(await schemaDrift({ migrations, tables: messagesSchema })).toEqual([]);
});
