/**
 * A fingerprint of everything the product stores in PostgreSQL: per table of every service's
 * schema, the row count and an md5 of all rows in a fixed order. Two equal fingerprints mean no
 * row was added, removed or changed in between.
 *
 * Only the distributed stage can take it: its tests get DATABASE_URL (the stage's own database,
 * every service's schema in it). The embedded product keeps PGlite inside its own process.
 */
import pg from 'pg';

export type Fingerprint = Record<string, string>;

/**
 * Tables that change with no request at all, so they would make any comparison fail:
 * (none so far; each entry says why).
 */
export const CHANGING_ON_THEIR_OWN = new Set<string>([]);

const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];

export async function fingerprintDatabase(databaseUrl: string): Promise<Fingerprint> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema <> all($1) and table_schema not like 'pg_%'
        order by 1, 2`,
      [SYSTEM_SCHEMAS],
    );
    const print: Fingerprint = {};
    for (const { schema, name } of tables) {
      const table = `${schema}.${name}`;
      if (CHANGING_ON_THEIR_OWN.has(table)) continue;
      const quoted = `"${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`;
      const { rows } = await client.query<{ n: string; h: string | null }>(
        `select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${quoted} t`,
      );
      print[table] = `${rows[0]!.n}:${rows[0]!.h ?? '-'}`;
    }
    return print;
  } finally {
    await client.end();
  }
}

/** The tables whose fingerprints differ. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/**
 * The fingerprint once the product is quiet: background work (outbox relays, event consumers,
 * workers) may still be settling what earlier requests did, so it waits until two fingerprints
 * `gapMs` apart agree, for at most `timeoutMs`.
 */
export async function quietFingerprint(databaseUrl: string, gapMs = 1_500, timeoutMs = 60_000): Promise<Fingerprint> {
  const until = Date.now() + timeoutMs;
  let last = await fingerprintDatabase(databaseUrl);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    const next = await fingerprintDatabase(databaseUrl);
    if (changedTables(last, next).length === 0 || Date.now() > until) return next;
    last = next;
  }
}
