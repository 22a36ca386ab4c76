/**
 * Migrations of the `auth` schema, applied in order at start-up and by `npm run migrate`.
 * The platform adds the outbox and processed-events tables first; this service's own tables are
 * appended here as its features land. Never edit a released migration: add a new one.
 */
import { friendshipsSql, memberBlocksSql, memberPrivacySql, searchTextSql, type Migration } from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_accounts',
    sql: `
      create table {schema}.users (
        id bigint generated always as identity primary key,
        firstname text not null,
        lastname text not null,
        username text not null,
        email text not null check (email = lower(email)),
        password_hash text not null,
        role text not null default 'user' check (role in ('user', 'admin')),
        status text not null default 'pending' check (status in ('pending', 'active', 'suspended')),
        bio text not null default '',
        profile_image text,
        cover_image text,
        wallet_balance_kobo bigint not null default 0,
        created_at timestamptz not null default now(),
        activated_at timestamptz,
        updated_at timestamptz not null default now()
      );
      create unique index users_email_key on {schema}.users (email);
      create unique index users_username_key on {schema}.users (lower(username));

      create table {schema}.sessions (
        id uuid primary key,
        user_id bigint not null references {schema}.users (id) on delete cascade,
        user_agent text not null default '',
        ip text not null default '',
        created_at timestamptz not null default now(),
        last_seen timestamptz not null default now(),
        revoked_at timestamptz,
        refresh_hash text not null,
        previous_refresh_hash text,
        refresh_expires_at timestamptz not null
      );
      create index sessions_user_live_idx on {schema}.sessions (user_id) where revoked_at is null;

      create table {schema}.activation_tokens (
        token_hash text primary key,
        user_id bigint not null references {schema}.users (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index activation_tokens_user_idx on {schema}.activation_tokens (user_id);

      -- One live recovery code per account: a new code replaces the row (and its attempt count).
      create table {schema}.password_codes (
        user_id bigint primary key references {schema}.users (id) on delete cascade,
        code_hash text not null,
        expires_at timestamptz not null,
        attempts integer not null default 0,
        used_at timestamptz,
        created_at timestamptz not null default now()
      );

      create table {schema}.dev_mail (
        id bigint generated always as identity primary key,
        to_address text not null,
        subject text not null,
        text text not null,
        html text,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    // Settings that take effect: the projections profiles, lookups and security mails read.
    id: '0002_settings_projections',
    sql: `
      ${memberPrivacySql}
      ${friendshipsSql}
      -- Projection of settings.profile-changed: the profile's details, and the phone for lookups.
      -- phone_digits is the phone with everything but digits removed ("+234 803 555 0101" ->
      -- "2348035550101"), the form a lookup compares; '' when the member gave no phone.
      create table {schema}.member_details (
        user_id bigint primary key,
        phone text not null,
        phone_digits text not null,
        city text not null,
        country text not null,
        work text not null,
        education text not null,
        website text not null,
        updated_at timestamptz not null
      );
      create index member_details_phone_idx on {schema}.member_details (phone_digits) where phone_digits <> '';
      -- Projection of settings.notifications-changed: the one switch auth obeys (security e-mails).
      -- No row = the default (on).
      create table {schema}.member_mail_settings (
        user_id bigint primary key,
        email_security boolean not null,
        updated_at timestamptz not null
      );
      -- "Has this member signed in from this kind of device before?" reads a member's distinct
      -- user agents, revoked sessions included (accounts/new-device.ts).
      create index sessions_user_agent_idx on {schema}.sessions (user_id, user_agent);
    `,
  },
  {
    // The sign-in record's balance comes from wallet.credited / wallet.debited (decision 023): the
    // newest transaction applied, so a redelivered older event never overwrites a newer balance.
    id: '0003_wallet_balance_projection',
    sql: `
      alter table {schema}.users add column wallet_transaction_id bigint;
    `,
  },
  {
    // The back office (decision 024).
    id: '0004_admin_back_office',
    sql: `
      ${searchTextSql}
      -- The users table's search box matches anywhere in the username or e-mail, in any letter
      -- case (ilike '%…%'): trigram indexes answer that where a btree cannot.
      create index users_username_trgm_idx on {schema}.users using gin (username public.gin_trgm_ops);
      create index users_email_trgm_idx on {schema}.users using gin (email public.gin_trgm_ops);
      -- Sorting by date pages through (created_at, id) without a sort of the whole table; the
      -- e-mail and username sorts have their unique indexes (users_email_key, and lower(username)).
      create index users_created_idx on {schema}.users (created_at, id);
      create index users_username_sort_idx on {schema}.users (username, id);
      -- The dashboard's counts by status, and the last-admin check.
      create index users_status_role_idx on {schema}.users (status, role);
      -- The admin profile shows the member's time zone (settings.profile-changed carries it).
      alter table {schema}.member_details add column timezone text not null default 'UTC';
      -- KORA_ADMIN_* applied once per database and e-mail: a later demotion of that admin is not
      -- undone at the next start (accounts/first-admin.ts).
      create table {schema}.first_admin (
        email text primary key,
        user_id bigint not null,
        outcome text not null,
        applied_at timestamptz not null default now()
      );
    `,
  },
  {
    // Leaving and moving (decision 034).
    id: '0005_account_deletion_and_email_change',
    sql: `
      -- A deletion asked for and not yet done: signing in before deletion_due_at cancels it; the
      -- sweep erases the account once it is due.
      alter table {schema}.users add column deletion_requested_at timestamptz;
      alter table {schema}.users add column deletion_due_at timestamptz;
      create index users_deletion_due_idx on {schema}.users (deletion_due_at) where deletion_due_at is not null;
      -- What is left of an erased account: its id (identity ids are never handed out again) and when.
      create table {schema}.erased_accounts (
        user_id bigint primary key,
        requested_at timestamptz not null,
        erased_at timestamptz not null
      );
      -- A pending e-mail change: the confirm link goes to the new address, the cancel link to the
      -- old one; only digests of the two tokens are kept. One pending change per member.
      create table {schema}.email_changes (
        id bigint generated always as identity primary key,
        user_id bigint not null references {schema}.users (id) on delete cascade,
        new_email text not null check (new_email = lower(new_email)),
        confirm_hash text not null unique,
        cancel_hash text not null unique,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        confirmed_at timestamptz,
        cancelled_at timestamptz
      );
      create index email_changes_user_idx on {schema}.email_changes (user_id);
    `,
  },
  {
    // Two-step sign-in and the per-account sign-in lock (decision 033).
    id: '0006_two_step_sign_in',
    sql: `
      -- Failed sign-ins per login: 'user:<id>' for an account, 'login:<text>' for a login that
      -- names none, so both get the same answers. A try is counted before the password is checked.
      create table {schema}.sign_in_throttle (
        key text primary key,
        failures integer not null default 0,
        blocked_until timestamptz,
        locked_at timestamptz,
        updated_at timestamptz not null
      );
      -- A member's TOTP secret, AES-256-GCM encrypted: pending until a first code confirms it.
      -- last_step is the newest 30-second step a code was accepted for (a code works once).
      create table {schema}.two_step (
        user_id bigint primary key,
        secret_enc text,
        pending_secret_enc text,
        pending_at timestamptz,
        enabled_at timestamptz,
        last_step bigint
      );
      -- Ten per member, HMAC-SHA256 digests; each used once.
      create table {schema}.two_step_recovery_codes (
        user_id bigint not null,
        code_hash text not null,
        used_at timestamptz,
        primary key (user_id, code_hash)
      );
      -- What a correct password earns when two-step is on: single use, short-lived.
      create table {schema}.two_step_challenges (
        token_hash text primary key,
        user_id bigint not null,
        user_agent text not null default '',
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index two_step_challenges_expiry_idx on {schema}.two_step_challenges (expires_at);
    `,
  },
  {
    // The block projection (member.blocked / member.unblocked, decision 036): profile and search.
    id: '0007_member_blocks',
    sql: memberBlocksSql,
  },
  {
    // The language auth's mails are written in (decision 045): settings.profile-changed carries it.
    // No row, or a row from before this column, reads as the request's language, else English.
    id: '0008_member_language',
    sql: `
      alter table {schema}.member_details add column language text;
    `,
  },
];
