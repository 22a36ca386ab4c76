/**
 * Migrations of the `admin` schema, applied in order at start-up and by `npm run migrate`.
 * Never edit a released migration: add a new one.
 */
import { devMailSql, memberProSql, memberSnapshotSql, type Migration } from '@kora/platform/service';

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
  {
    id: '0002_audit_log',
    sql: `
      -- What admins did (decision 024), from admin.action-recorded of every service. The event id
      -- is unique: a redelivered event never makes a second row.
      create table {schema}.audit_log (
        id bigint generated always as identity primary key,
        event_id uuid not null unique,
        actor_id bigint not null,
        action text not null,
        target_type text not null,
        target_id text not null,
        before jsonb,
        after jsonb,
        created_at timestamptz not null
      );
      create index audit_log_newest on {schema}.audit_log (created_at desc, id desc);
      create index audit_log_actor on {schema}.audit_log (actor_id, created_at desc);
      create index audit_log_action on {schema}.audit_log (action, created_at desc);
      -- Actor usernames for the log.
      ${memberSnapshotSql}
    `,
  },
  { id: '0003_members_pro', sql: memberProSql },
  {
    id: '0004_representatives',
    sql: `
      -- Representative applications: anyone asking to become a local representative.
      create table {schema}.representatives (
        id bigint generated always as identity primary key,
        name text not null,
        username text not null,
        phone text not null,
        email text not null,
        state text not null,
        resident_address text not null,
        residential_state text not null,
        proposed_location text not null,
        kora_username text not null,
        note text not null,
        status text not null default 'new' check (status in ('new', 'contacted', 'accepted', 'rejected')),
        review_note text not null default '',
        user_id bigint,
        created_at timestamptz not null default now(),
        reviewed_at timestamptz,
        reviewed_by bigint
      );
      -- One application under review per e-mail (stored lower-case): two submissions racing, one wins.
      create unique index representatives_one_open on {schema}.representatives (email) where status in ('new', 'contacted');
      create index representatives_newest on {schema}.representatives (created_at desc, id desc);
      create index representatives_status on {schema}.representatives (status, created_at desc);
      ${devMailSql}
    `,
  },
  {
    // The language an application was sent in (decision 045): its mails, the decision's included,
    // are written in it. Null (sent before) reads as English.
    id: '0005_representative_language',
    sql: `
      alter table {schema}.representatives add column language text;
    `,
  },
];
