/**
 * The friend-graph projection: who is whose friend, kept by services that decide by friendship
 * (posts' feed and visibility, auth's profile privacy and lookups) without calling the friends
 * service. Each friendship is stored in both directions, so "my friends" is one primary-key range
 * scan and "are these two friends" one primary-key probe.
 */
import { bigint, primaryKey, timestamp, type PgSchema } from 'drizzle-orm/pg-core';

export function friendshipsTable(schema: PgSchema) {
  return schema.table(
    'friendships',
    {
      userId: bigint('user_id', { mode: 'number' }).notNull(),
      friendId: bigint('friend_id', { mode: 'number' }).notNull(),
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
  );
}

export type FriendshipsTable = ReturnType<typeof friendshipsTable>;

/** The SQL of the table, for a migration of each service that keeps it (posts made it first, in the same shape). */
export const friendshipsSql = `
  -- Projection of the friends service's graph; both directions stored.
  create table {schema}.friendships (
    user_id bigint not null,
    friend_id bigint not null,
    created_at timestamptz not null default now(),
    primary key (user_id, friend_id),
    check (user_id <> friend_id)
  );
`;
