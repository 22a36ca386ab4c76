/**
 * A database schema no one else uses, on the test target's engine (a fresh PGlite, or the real
 * PostgreSQL), dropped afterwards: for tests of migrations themselves (schema drift, data carried
 * across a migration).
 */
import type { Database } from '@kora/platform';
import { sql } from 'drizzle-orm';
import { createTestAdapters, uniqueName } from './adapters.js';

export async function withFreshSchema<T>(fn: (fresh: { database: Database; schema: string }) => Promise<T>): Promise<T> {
  const adapters = await createTestAdapters();
  const schema = uniqueName('fresh');
  try {
    return await fn({ database: adapters.database, schema });
  } finally {
    await adapters.database.db.execute(sql.raw(`drop schema if exists ${schema} cascade`)).catch(() => {});
    await adapters.close();
  }
}
