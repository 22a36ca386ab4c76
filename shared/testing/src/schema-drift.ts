/**
 * Holds a service's Drizzle tables to its SQL migrations: migrates a fresh schema (on the engines
 * of the test target: PGlite, or the real PostgreSQL) and compares what `information_schema` holds
 * with what Drizzle declares. Row mappers are typed by the Drizzle tables, so the three cannot
 * drift apart unnoticed. Each service calls it from `src/db/schema.test.ts`.
 */
import { migrate, platformTables, rowsOf, type Migration } from '@kora/platform';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { withFreshSchema } from './fresh-schema.js';
import { compareShapes, type SchemaShape } from './schema-shape.js';

export interface SchemaUnderTest {
  /** The service's own migrations (the platform's are added as at start-up). */
  migrations: Migration[];
  /** The service's Drizzle tables for a schema name (its `<name>Schema` function). */
  tables(schema: string): Record<string, PgTable>;
}

/** The migrator's own ledger: no service reads it, so it has no Drizzle table. */
const LEDGER = '_migrations';

export function declaredShape(tables: PgTable[]): SchemaShape {
  const shape: SchemaShape = new Map();
  for (const table of tables) {
    const config = getTableConfig(table);
    shape.set(config.name, new Map(config.columns.map((c) => [c.name, { type: c.getSQLType(), notNull: c.notNull }])));
  }
  return shape;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

/** An array's type is `ARRAY` in information_schema; its element's name is the udt name after `_`. */
const typeOf = (row: ColumnRow) => (row.data_type === 'ARRAY' ? `${row.udt_name.slice(1)}[]` : row.data_type);

/** The differences for `subject`, one line each; empty when migrations and Drizzle agree. */
export async function schemaDrift(subject: SchemaUnderTest): Promise<string[]> {
  return withFreshSchema(async ({ database, schema }) => {
    await migrate(database, schema, subject.migrations);
    const rows = rowsOf<ColumnRow>(
      await database.db.execute(sql`
        select c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
        from information_schema.columns as c
        join information_schema.tables as t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = ${schema} and t.table_type = 'BASE TABLE' and c.table_name <> ${LEDGER}`),
    );
    const actual: SchemaShape = new Map();
    for (const row of rows) {
      const table = actual.get(row.table_name) ?? new Map();
      table.set(row.column_name, { type: typeOf(row), notNull: row.is_nullable === 'NO' });
      actual.set(row.table_name, table);
    }
    const declared = declaredShape([...Object.values(platformTables(schema)), ...Object.values(subject.tables(schema))]);
    return compareShapes(declared, actual);
  });
}
