/**
 * Migrations of the `messages` schema (decision 039), applied in order at start-up and by
 * `npm run migrate`. The platform adds the outbox and processed-events tables first. Never edit a
 * released migration: add a new one.
 */
import { friendshipsSql, memberBlocksSql, memberProSql, memberSnapshotSql, type Migration } from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_messages',
    sql: `
      create table {schema}.conversations (
        id bigint generated always as identity primary key,
        kind text not null check (kind in ('direct', 'group')),
        title text,
        creator_id bigint not null,
        -- '<smaller id>:<larger id>' of a direct conversation: starting one twice finds the first.
        direct_key text unique,
        last_message_id bigint,
        last_activity_at timestamptz not null default now(),
        created_at timestamptz not null default now()
      );

      create table {schema}.conversation_members (
        conversation_id bigint not null references {schema}.conversations (id) on delete cascade,
        user_id bigint not null,
        state text not null check (state in ('active', 'request', 'declined', 'left')),
        last_read_id bigint not null default 0,
        last_delivered_id bigint not null default 0,
        joined_at timestamptz not null default now(),
        left_at timestamptz,
        primary key (conversation_id, user_id)
      );
      -- A member's inbox or requests: their memberships of one state.
      create index conversation_members_user_idx on {schema}.conversation_members (user_id, state, conversation_id);

      create table {schema}.messages (
        id bigint generated always as identity primary key,
        conversation_id bigint not null references {schema}.conversations (id) on delete cascade,
        sender_id bigint not null,
        client_id uuid not null,
        body text not null,
        media jsonb not null default '[]',
        reply_to_id bigint,
        -- Sent while nobody else could receive it (the recipient declined the request): the sender's alone.
        sender_only boolean not null default false,
        deleted_at timestamptz,
        created_at timestamptz not null default now(),
        -- A retried send (same client id) finds the stored message instead of adding a second.
        unique (sender_id, client_id)
      );
      -- Pages and catch-up: id ranges of one conversation.
      create index messages_conversation_idx on {schema}.messages (conversation_id, id);

      -- A member's report of a message; admins see the message and its sender, nothing else.
      create table {schema}.message_reports (
        id bigint generated always as identity primary key,
        message_id bigint not null references {schema}.messages (id) on delete cascade,
        reporter_id bigint not null,
        reason text not null,
        note text not null default '',
        status text not null default 'open' check (status in ('open', 'resolved', 'dismissed')),
        created_at timestamptz not null default now(),
        closed_at timestamptz,
        closed_by bigint,
        unique (message_id, reporter_id)
      );
      create index message_reports_status_idx on {schema}.message_reports (status, created_at desc, id desc);

      -- Projection of each member's messagePolicy (settings.privacy-changed); no row = 'everyone'.
      create table {schema}.message_policies (
        user_id bigint primary key,
        message_policy text not null,
        updated_at timestamptz not null
      );

      ${memberSnapshotSql}
      ${memberProSql}
      ${memberBlocksSql}
      ${friendshipsSql}
    `,
  },
];
