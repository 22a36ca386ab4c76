/**
 * A migration's test with data: a fresh schema migrated up to the migration, rows written the old
 * way, then the migration itself, then what the new shape holds. `{schema}` in the SQL stands for
 * the schema, as in every migration.
 */
import { migrate, rowsOf, type Migration } from '@kora/platform';
import { sql } from 'drizzle-orm';
import { withFreshSchema } from './fresh-schema.js';

export interface AcrossMigration<K extends string> {
  migrations: Migration[];
  /** The id of the migration under test; the ones before it are applied first. */
  id: string;
  /** SQL writing rows in the shape before it. */
  before: string;
  /** Queries run after it, by name. */
  after: Record<K, string>;
}

export async function acrossMigration<K extends string>(
  test: AcrossMigration<K>,
): Promise<{ applied: string[]; after: Record<K, unknown[]> }> {
  return withFreshSchema(async ({ database, schema }) => {
    const at = (text: string) => sql.raw(text.replaceAll('{schema}', schema));
    await migrate(
      database,
      schema,
      test.migrations.filter((m) => m.id < test.id),
    );
    await database.db.execute(at(test.before));
    const applied = await migrate(
      database,
      schema,
      test.migrations.filter((m) => m.id <= test.id),
    );
    const after = {} as Record<K, unknown[]>;
    for (const [name, query] of Object.entries(test.after) as [K, string][]) after[name] = rowsOf(await database.db.execute(at(query)));
    return { applied, after };
  });
}
