/**
 * Migrations of the `groups` schema, applied in order at start-up and by `npm run migrate`.
 * The platform adds the outbox and processed-events tables first. Never edit a released
 * migration: add a new one.
 */
import { memberProSql, memberSnapshotSql, searchTextSql, type Migration } from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_groups',
    sql: `${searchTextSql}
      create table {schema}.groups (
        id bigint generated always as identity primary key,
        owner_id bigint not null,
        title text not null,
        description text not null default '',
        picture text,
        privacy text not null default 'public' check (privacy in ('public', 'private')),
        -- Approved members, the owner included: changed only in the transaction that adds or
        -- removes an approved membership row, so it always equals their count.
        member_count integer not null default 0 check (member_count >= 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      -- Search on every tab: case- and accent-insensitive "contains", served by trigrams.
      create index groups_search_idx on {schema}.groups
        using gin (public.kora_search_text(title || ' ' || description) public.gin_trgm_ops);
      -- Discover: most members first, then the newest.
      create index groups_popular_idx on {schema}.groups (member_count desc, id desc);
      -- My Groups: the caller's own, newest first.
      create index groups_owner_idx on {schema}.groups (owner_id, id desc);

      create table {schema}.memberships (
        group_id bigint not null references {schema}.groups (id) on delete cascade,
        user_id bigint not null,
        status text not null check (status in ('pending', 'approved')),
        role text not null default 'member' check (role in ('owner', 'admin', 'member')),
        requested_at timestamptz not null default now(),
        joined_at timestamptz,
        primary key (group_id, user_id),
        check ((status = 'approved') = (joined_at is not null)),
        check (status = 'approved' or role = 'member')
      );
      -- Joined Groups: the caller's rows, most recently joined (or asked) first.
      create index memberships_joined_idx on {schema}.memberships
        (user_id, (coalesce(joined_at, requested_at)) desc, group_id desc);
      -- A group's members: owner, then admins, then by joining (keyset paging).
      create index memberships_members_idx on {schema}.memberships
        (group_id, (case role when 'owner' then 0 when 'admin' then 1 else 2 end), joined_at, user_id)
        where status = 'approved';
      -- A group's join requests, oldest first (keyset paging, and the reviewers' count).
      create index memberships_requests_idx on {schema}.memberships (group_id, requested_at, user_id)
        where status = 'pending';
      ${memberSnapshotSql}
    `,
  },
  {
    // The member snapshot learns each member's Pro plan (membership.changed): the verified badge.
    id: '0002_member_pro',
    sql: memberProSql,
  },
];
