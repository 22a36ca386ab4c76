/**
 * Migrations of the `settings` schema, applied in order at start-up and by `npm run migrate`.
 * The platform adds the outbox and processed-events tables first; this service's own tables are
 * appended here as its features land. Never edit a released migration: add a new one.
 */
import { memberProSql, memberSnapshotSql, type Migration } from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_settings',
    sql: `
      ${memberSnapshotSql}

      -- The e-mail address each member signed up with (user.registered; auth's user.updated does
      -- not carry it), shown read-only on the General tab.
      create table {schema}.member_emails (
        user_id bigint primary key,
        email text not null
      );

      -- One row per member and tab, holding only the fields the member saved: a missing row or key
      -- reads as the default, so a default changed later reaches everyone who never chose.
      -- A PUT merges its fields into values in one upsert (values || excluded.values), which takes
      -- the row lock, so two concurrent PUTs of different fields both stay.
      create table {schema}.member_settings (
        user_id bigint not null,
        tab text not null check (tab in ('profile', 'privacy', 'notifications')),
        "values" jsonb not null default '{}'::jsonb,
        updated_at timestamptz not null default now(),
        primary key (user_id, tab)
      );
    `,
  },
  {
    // The member snapshot learns each member's Pro plan (membership.changed): the verified badge.
    id: '0002_member_pro',
    sql: memberProSql,
  },
  {
    // Muting (decision 037): whom and which words each member muted, and one row per muting member
    // that every change locks first, so a member's changes run one after another and each announces
    // the complete lists.
    id: '0003_mutes',
    sql: `
      create table {schema}.mute_lists (
        user_id bigint primary key,
        updated_at timestamptz not null
      );
      create table {schema}.muted_members (
        user_id bigint not null,
        member_id bigint not null,
        muted_at timestamptz not null default now(),
        primary key (user_id, member_id)
      );
      create table {schema}.muted_words (
        user_id bigint not null,
        word text not null,
        muted_at timestamptz not null default now(),
        primary key (user_id, word)
      );
    `,
  },
];
