/**
 * Migrations: plain SQL scripts per service, applied in order at start-up (and by `npm run migrate`).
 * Each service has its own schema and its own `_migrations` ledger. A transaction-scoped advisory
 * lock serialises replicas starting at once, and applied ids are skipped, so running twice is safe.
 */
import type { Database } from './database.js';

export interface Migration {
  /** Sortable, never renamed once released: `0001_init`. */
  id: string;
  /** May contain several statements. `{schema}` is replaced with the service's schema name. */
  sql: string;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]*$/;

/** Tables every service needs for events: the outbox and the processed-events ledger. */
export const platformMigrations: Migration[] = [
  {
    id: '0000_platform_events',
    sql: `
      create table {schema}.outbox (
        seq bigserial primary key,
        id uuid not null unique,
        topic text not null,
        key text not null,
        envelope jsonb not null,
        created_at timestamptz not null default now(),
        published_at timestamptz,
        attempts integer not null default 0,
        last_error text,
        next_attempt_at timestamptz not null default now()
      );
      create index outbox_pending_idx on {schema}.outbox (seq) where published_at is null;
      create table {schema}.processed_events (
        consumer text not null,
        event_id uuid not null,
        processed_at timestamptz not null default now(),
        primary key (consumer, event_id)
      );
    `,
  },
];

export async function migrate(database: Database, schema: string, migrations: Migration[]): Promise<string[]> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const all = [...platformMigrations, ...migrations];
  const ids = new Set<string>();
  for (const m of all) {
    if (ids.has(m.id)) throw new Error(`Duplicate migration id ${m.id} in schema ${schema}`);
    ids.add(m.id);
  }
  return database.rawTransaction(async (raw) => {
    await raw.query('select pg_advisory_xact_lock(hashtext($1))', [`kora-migrate:${schema}`]);
    await raw.exec(`create schema if not exists ${schema};
      create table if not exists ${schema}._migrations (id text primary key, applied_at timestamptz not null default now());`);
    const done = new Set((await raw.query<{ id: string }>(`select id from ${schema}._migrations`)).map((r) => r.id));
    const applied: string[] = [];
    for (const m of all) {
      if (done.has(m.id)) continue;
      await raw.exec(m.sql.replaceAll('{schema}', schema));
      await raw.query(`insert into ${schema}._migrations (id) values ($1)`, [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}
