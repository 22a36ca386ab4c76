/** Tables of the `friends` schema (Drizzle views of the SQL in migrations.ts). */
import { memberBlocksTable, memberPrivacyTable, memberSnapshotTable } from '@kora/platform/service';
import { bigint, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const requestStatuses = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const friendsSchema = (name: string) => {
  const schema = pgSchema(name);

  /**
   * Friend requests, kept after they are answered (history; the events name them by id). At most
   * one pending request per unordered pair (`friend_requests_pending_pair_uq`).
   */
  const requests = schema.table('friend_requests', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    fromUserId: id('from_user_id').notNull(),
    toUserId: id('to_user_id').notNull(),
    status: text('status', { enum: requestStatuses }).notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    answeredAt: at('answered_at'),
  });

  /** The friend graph, both directions stored: "my friends" is one primary-key range scan. */
  const friendships = schema.table(
    'friendships',
    {
      userId: id('user_id').notNull(),
      friendId: id('friend_id').notNull(),
      /** The request whose acceptance made the friendship. */
      requestId: id('request_id'),
      createdAt: at('created_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
  );

  /**
   * Projection of auth's members (decision 016): the names and avatars lists show, who may receive
   * a request (activated) and who is new (suggestions, through `members_newest_idx`).
   */
  const members = memberSnapshotTable(schema);

  /** Projection of members' privacy settings: the friend request policy (rules/may-request.ts). */
  const privacy = memberPrivacyTable(schema);

  /**
   * Who blocked whom (decision 036). This service is the source of blocks; the table has the
   * platform's projection shape, so the one rule (`isBlockedBetween`, `notBlockedWith`) reads it here too.
   */
  const blocks = memberBlocksTable(schema);

  return { requests, friendships, members, privacy, blocks };
};

export type FriendsTables = ReturnType<typeof friendsSchema>;
export type RequestRow = FriendsTables['requests']['$inferSelect'];
