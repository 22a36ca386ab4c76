/**
 * Migrations of the `admin` schema, applied in order at start-up and by `npm run migrate`.
 * Never edit a released migration: add a new one.
 */
import type { Migration } from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_site_settings',
    sql: `
      create table {schema}.site_settings (
        section text primary key,
        values jsonb not null,
        updated_at timestamptz not null default now(),
        updated_by integer
      );
    `,
  },
];
