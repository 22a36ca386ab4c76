/**
 * Migrations of the `friends` schema, applied in order at start-up and by `npm run migrate`.
 * The platform adds the outbox and processed-events tables first; this service's own tables are
 * appended here as its features land. Never edit a released migration: add a new one.
 */
import { memberBlocksSql, memberPrivacySql, memberProSql, type Migration } from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_friends',
    sql: `
      create table {schema}.friend_requests (
        id bigint generated always as identity primary key,
        from_user_id bigint not null,
        to_user_id bigint not null,
        status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'cancelled')),
        created_at timestamptz not null default now(),
        answered_at timestamptz,
        check (from_user_id <> to_user_id)
      );
      -- One pending request per pair, whoever sent it: two members asking each other at the same
      -- moment cannot leave two crossed requests (the second insert conflicts and accepts the first).
      create unique index friend_requests_pending_pair_uq on {schema}.friend_requests
        (least(from_user_id, to_user_id), greatest(from_user_id, to_user_id)) where status = 'pending';
      -- Incoming and outgoing pending requests, newest first (lists, relation, suggestions).
      create index friend_requests_incoming_idx on {schema}.friend_requests (to_user_id, created_at desc, id desc) where status = 'pending';
      create index friend_requests_outgoing_idx on {schema}.friend_requests (from_user_id, created_at desc, id desc) where status = 'pending';

      -- Both directions stored: a member's friends, and their friends' friends (suggestions), are
      -- primary-key range scans on user_id.
      create table {schema}.friendships (
        user_id bigint not null,
        friend_id bigint not null,
        request_id bigint references {schema}.friend_requests (id),
        created_at timestamptz not null default now(),
        primary key (user_id, friend_id),
        check (user_id <> friend_id)
      );

      -- Projection fed by auth's member events (never read from auth's schema).
      create table {schema}.members (
        user_id bigint primary key,
        username text not null,
        profile_image text not null,
        activated boolean not null default false,
        joined_at timestamptz not null,
        updated_at timestamptz not null
      );
      -- Suggestions after friends of friends: the newest activated members, read in index order.
      create index members_newest_idx on {schema}.members (joined_at desc, user_id desc) where activated;
    `,
  },
  {
    // The platform's member snapshot (decision 016) adds the display name. Until a member's next
    // snapshot it is what displayName() shows for a member without names: the username.
    id: '0002_member_snapshot',
    sql: `
      alter table {schema}.members add column display_name text;
      update {schema}.members set display_name = username;
      alter table {schema}.members alter column display_name set not null;
    `,
  },
  {
    // The platform's privacy projection (settings.privacy-changed): the friend request policy.
    id: '0003_member_privacy',
    sql: memberPrivacySql,
  },
  {
    // The member snapshot learns each member's Pro plan (membership.changed): the verified badge.
    id: '0004_member_pro',
    sql: `
      ${memberProSql}
      -- Featured members first among suggestions: those whose plan runs latest, read in index order.
      create index members_pro_idx on {schema}.members (pro_until desc, user_id desc) where activated and pro_until is not null;
    `,
  },
  {
    // Blocks (decision 036): this service owns them; the table has the platform's projection shape,
    // and "my blocks, newest first" sorts its primary key's blocker range (at most MAX_BLOCKS rows).
    id: '0005_blocks',
    sql: memberBlocksSql,
  },
];
