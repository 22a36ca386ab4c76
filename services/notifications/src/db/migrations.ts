/**
 * Migrations of the `notifications` schema, applied in order at start-up and by `npm run migrate`.
 * The platform adds the outbox and processed-events tables first; this service's own tables are
 * appended here as its features land. Never edit a released migration: add a new one.
 */
import { devMailSql, memberBlocksSql, memberMutesSql, memberPrivacySql, memberProSql, type Migration } from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_notifications',
    sql: `
      create table {schema}.notifications (
        id bigint generated always as identity primary key,
        recipient_id bigint not null,
        type text not null,
        actor_id bigint not null,
        entity_type text not null check (entity_type in ('post', 'friend_request', 'user', 'reel', 'group')),
        entity_id bigint not null,
        message text not null,
        -- A notification's meta {postId, groupId} as plain columns, so a link target is never a JSON lookup.
        post_id bigint,
        group_id bigint,
        -- The event that caused it: a replay that got past the processed-events record still
        -- cannot store a second copy.
        source_event_id uuid not null,
        created_at timestamptz not null default now(),
        read_at timestamptz,
        seen_at timestamptz
      );
      create unique index notifications_source_event_idx on {schema}.notifications (source_event_id);
      -- The list (newest first, keyset on id) and the socket's "newest id" for one member.
      create index notifications_recipient_idx on {schema}.notifications (recipient_id, id desc);
      -- The badge: unread rows are few next to all rows, so counting them reads a small index.
      create index notifications_unread_idx on {schema}.notifications (recipient_id, id desc) where read_at is null;
      -- A cancelled friend request finds its notification without scanning the member's list.
      create index notifications_friend_request_idx on {schema}.notifications (entity_id) where type = 'friend_request';

      -- Projection of auth's member snapshots: who acted, as a notification shows them.
      create table {schema}.members (
        user_id bigint primary key,
        name text not null,
        avatar text not null,
        updated_at timestamptz not null
      );
    `,
  },
  {
    // The platform's member snapshot (decision 016): the same columns as every service's. What
    // this projection never tracked is filled in from what it has, until the member's next
    // snapshot: the username as an unknown member shows (`member<id>`, unknownMember()); the
    // sign-up time as the last snapshot's; activation as true (notifications does not read it; 016).
    id: '0002_member_snapshot',
    sql: `
      alter table {schema}.members rename column name to display_name;
      alter table {schema}.members rename column avatar to profile_image;
      alter table {schema}.members
        add column username text,
        add column activated boolean not null default false,
        add column joined_at timestamptz;
      update {schema}.members set username = 'member' || user_id, activated = true, joined_at = updated_at;
      alter table {schema}.members alter column username set not null, alter column joined_at set not null;
    `,
  },
  {
    // Settings that take effect: what members chose (notification switches, privacy,
    // time zone) as the settings service announces it, their e-mail (auth), mentions and digests.
    id: '0003_member_settings',
    sql: `
      -- settings.notifications-changed; no row = the defaults (defaultNotificationSettings).
      create table {schema}.notification_settings (
        user_id bigint primary key,
        inapp_likes boolean not null,
        inapp_comments boolean not null,
        inapp_mentions boolean not null,
        inapp_friend_requests boolean not null,
        inapp_group_activity boolean not null,
        inapp_payments boolean not null,
        email_digest boolean not null,
        email_security boolean not null,
        updated_at timestamptz not null
      );
      -- The digest job reads only members who asked for it: few next to all members.
      create index notification_settings_digest_idx on {schema}.notification_settings (user_id) where email_digest;
      ${memberPrivacySql}
      -- settings.profile-changed (only the time zone matters here); no row = UTC.
      create table {schema}.member_timezones (
        user_id bigint primary key,
        timezone text not null,
        updated_at timestamptz not null
      );
      -- user.registered: where the digest goes.
      create table {schema}.member_emails (
        user_id bigint primary key,
        email text not null
      );
      -- One row per digest sent, written in the transaction that sends it: never two a local day.
      create table {schema}.digests (
        user_id bigint not null,
        local_date date not null,
        notification_count integer not null,
        sent_at timestamptz not null default now(),
        primary key (user_id, local_date)
      );
      ${devMailSql}
      alter table {schema}.notifications add column mention_id bigint, add column review text check (review in ('pending', 'approved', 'declined'));
      create index notifications_mention_idx on {schema}.notifications (mention_id) where mention_id is not null;
    `,
  },
  {
    // One event may notify several members (a join request tells the group's owner and every
    // admin, decision 021): a replay still stores nothing, now per recipient.
    id: '0004_one_event_many_recipients',
    sql: `
      drop index {schema}.notifications_source_event_idx;
      create unique index notifications_source_event_idx on {schema}.notifications (source_event_id, recipient_id);
    `,
  },
  {
    // The member snapshot learns each member's Pro plan (membership.changed): the verified badge.
    id: '0005_member_pro',
    sql: memberProSql,
  },
  {
    // Payment notices (decision 023) point at the wallet transaction.
    id: '0006_transaction_entity',
    sql: `
      alter table {schema}.notifications drop constraint notifications_entity_type_check;
      alter table {schema}.notifications add constraint notifications_entity_type_check
        check (entity_type in ('post', 'friend_request', 'user', 'reel', 'group', 'transaction'));
    `,
  },
  {
    // The block projection (member.blocked / member.unblocked, decision 036).
    id: '0007_member_blocks',
    sql: memberBlocksSql,
  },
  {
    // Messages (decision 039): the "Messages" switch (on for everyone who saved the tab before it
    // existed, as for those who never did), and one `message` notification per conversation and
    // recipient, pointing at the conversation. It remembers the newest message it tells of (a read
    // mark at or past it reads it) and a group conversation's title (the digest names it). The
    // mutes projection (decision 037): no bell for a message from a muted member.
    id: '0008_messages',
    sql: `
      alter table {schema}.notification_settings add column inapp_messages boolean not null default true;
      alter table {schema}.notifications drop constraint notifications_entity_type_check;
      alter table {schema}.notifications add constraint notifications_entity_type_check
        check (entity_type in ('post', 'friend_request', 'user', 'reel', 'group', 'transaction', 'conversation'));
      alter table {schema}.notifications add column message_id bigint, add column conversation_title text;
      create unique index notifications_conversation_idx on {schema}.notifications (recipient_id, entity_id) where type = 'message';
      ${memberMutesSql}
    `,
  },
  {
    // Push notifications on members' devices (decision 042): one row per browser subscription
    // (its endpoint is the device's address at its push service, unique: a device held by another
    // member moves to whoever subscribes it last), the session it was made in (signing out of that
    // session removes it), and the VAPID key pair a server without VAPID_* variables makes once.
    id: '0009_push_subscriptions',
    sql: `
      create table {schema}.push_subscriptions (
        id bigint generated always as identity primary key,
        user_id bigint not null,
        endpoint text not null,
        p256dh text not null,
        auth text not null,
        session_id text not null,
        user_agent text,
        created_at timestamptz not null default now(),
        last_used_at timestamptz
      );
      create unique index push_subscriptions_endpoint_idx on {schema}.push_subscriptions (endpoint);
      create index push_subscriptions_user_idx on {schema}.push_subscriptions (user_id, id);
      create index push_subscriptions_session_idx on {schema}.push_subscriptions (session_id);
      create table {schema}.vapid_keys (
        id smallint primary key check (id = 1),
        public_key text not null,
        private_key text not null,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    // The language each member reads (decision 045), from the same settings.profile-changed as the
    // time zone: what their notifications, pushes and digest are written in. Null = English.
    id: '0010_member_language',
    sql: `
      alter table {schema}.member_timezones add column language text;
    `,
  },
];
