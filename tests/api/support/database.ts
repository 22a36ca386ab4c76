/**
 * Reading the product's PostgreSQL straight, for tests that must see what no API shows (decision
 * 034: after an erasure, no table of any service may still hold a member's words). Only where the
 * harness hands the tests the database (DATABASE_URL: the distributed product); the embedded one
 * keeps PGlite inside its own process.
 */
import pg from 'pg';

export const DATABASE_URL = process.env.DATABASE_URL;

/** Every text-like column (text, varchar, json, jsonb, text[]) of every service schema. */
const TEXT_COLUMNS = `
  select table_schema, table_name, column_name
  from information_schema.columns
  where table_schema not in ('pg_catalog', 'information_schema', 'public', 'pg_toast')
    and table_schema not like 'pg_temp%'
    and (data_type in ('text', 'character varying', 'json', 'jsonb') or (data_type = 'ARRAY' and udt_name = '_text'))
  order by 1, 2, 3`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Where any of `needles` (case-insensitive) still occurs: `schema.table.column` for each hit. */
export async function columnsHolding(needles: string[]): Promise<string[]> {
  if (!DATABASE_URL) throw new Error('DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const columns = (await client.query<{ table_schema: string; table_name: string; column_name: string }>(TEXT_COLUMNS)).rows;
    const hits: string[] = [];
    for (const c of columns) {
      const where = needles.map((_, i) => `${quote(c.column_name)}::text ilike $${i + 1}`).join(' or ');
      const sql = `select count(*)::int as n from ${quote(c.table_schema)}.${quote(c.table_name)} where ${where}`;
      const { rows } = await client.query<{ n: number }>(
        sql,
        needles.map((n) => `%${n.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`),
      );
      if (rows[0]!.n > 0) hits.push(`${c.table_schema}.${c.table_name}.${c.column_name} (${rows[0]!.n})`);
    }
    return hits;
  } finally {
    await client.end();
  }
}
