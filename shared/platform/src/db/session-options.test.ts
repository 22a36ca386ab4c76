/**
 * The services' PostgreSQL sessions run without the JIT (decision 047); with KORA_TEST_TARGET=real,
 * on a PostgreSQL server whose own default has it on.
 */
import { createTestAdapters, type TestAdapters } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './rows.js';

describe.runIf(process.env.KORA_TEST_TARGET === 'real')('PostgreSQL sessions (real)', () => {
  let adapters: TestAdapters;

  beforeAll(async () => {
    adapters = await createTestAdapters();
  });

  afterAll(async () => {
    await adapters?.close();
  });

  it('run without the JIT, on every connection of the pool', async () => {
    const db = adapters.database.db;
    const settings = await Promise.all(
      Array.from({ length: 3 }, async () =>
        rowsOf<{ jit: string }>(await db.execute(sql`select current_setting('jit') as jit, pg_sleep(0.05)`)),
      ),
    );
    expect(settings.flat().map((row) => row.jit)).toEqual(['off', 'off', 'off']);
  });
});
