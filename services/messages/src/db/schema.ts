/** Tables of the `messages` schema (Drizzle views of the SQL in migrations.ts; decision 039). */
import type { MessageMedia, MessagePolicy, ReportReason, ReportStatus } from '@kora/contracts';
import { friendshipsTable, memberBlocksTable, memberSnapshotTable } from '@kora/platform/service';
import { bigint, boolean, index, jsonb, pgSchema, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const memberStates = ['active', 'request', 'declined', 'left'] as const;
/** `request`: a stranger's conversation waiting in the member's Requests; `declined`, `left`: out of it. */
export type MemberState = (typeof memberStates)[number];

export const messagesSchema = (name: string) => {
  const schema = pgSchema(name);

  const conversations = schema.table('conversations', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['direct', 'group'] }).notNull(),
    title: text('title'),
    creatorId: id('creator_id').notNull(),
    directKey: text('direct_key').unique(),
    lastMessageId: id('last_message_id'),
    lastActivityAt: at('last_activity_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
  });

  const conversationMembers = schema.table(
    'conversation_members',
    {
      conversationId: id('conversation_id')
        .notNull()
        .references(() => conversations.id, { onDelete: 'cascade' }),
      userId: id('user_id').notNull(),
      state: text('state', { enum: memberStates }).notNull(),
      lastReadId: id('last_read_id').notNull().default(0),
      lastDeliveredId: id('last_delivered_id').notNull().default(0),
      joinedAt: at('joined_at').notNull().defaultNow(),
      leftAt: at('left_at'),
    },
    (t) => [
      primaryKey({ columns: [t.conversationId, t.userId] }),
      index('conversation_members_user_idx').on(t.userId, t.state, t.conversationId),
    ],
  );

  const messages = schema.table(
    'messages',
    {
      id: id('id').primaryKey().generatedAlwaysAsIdentity(),
      conversationId: id('conversation_id')
        .notNull()
        .references(() => conversations.id, { onDelete: 'cascade' }),
      senderId: id('sender_id').notNull(),
      clientId: uuid('client_id').notNull(),
      body: text('body').notNull(),
      media: jsonb('media').$type<MessageMedia[]>().notNull().default([]),
      replyToId: id('reply_to_id'),
      senderOnly: boolean('sender_only').notNull().default(false),
      deletedAt: at('deleted_at'),
      createdAt: at('created_at').notNull().defaultNow(),
    },
    (t) => [unique().on(t.senderId, t.clientId), index('messages_conversation_idx').on(t.conversationId, t.id)],
  );

  const reports = schema.table(
    'message_reports',
    {
      id: id('id').primaryKey().generatedAlwaysAsIdentity(),
      messageId: id('message_id')
        .notNull()
        .references(() => messages.id, { onDelete: 'cascade' }),
      reporterId: id('reporter_id').notNull(),
      reason: text('reason').$type<ReportReason>().notNull(),
      note: text('note').notNull().default(''),
      status: text('status').$type<ReportStatus>().notNull().default('open'),
      createdAt: at('created_at').notNull().defaultNow(),
      closedAt: at('closed_at'),
      closedBy: id('closed_by'),
    },
    (t) => [unique().on(t.messageId, t.reporterId)],
  );

  /** Projection of each member's messagePolicy (settings.privacy-changed); no row: 'everyone'. */
  const policies = schema.table('message_policies', {
    userId: id('user_id').primaryKey(),
    messagePolicy: text('message_policy').$type<MessagePolicy>().notNull(),
    updatedAt: at('updated_at').notNull(),
  });

  /** The platform's projections: names and avatars, blocks (decision 036), the friend graph. */
  const members = memberSnapshotTable(schema);
  const blocks = memberBlocksTable(schema);
  const friendships = friendshipsTable(schema);

  return { conversations, conversationMembers, messages, reports, policies, members, blocks, friendships };
};

export type MessagesTables = ReturnType<typeof messagesSchema>;
export type ConversationRow = MessagesTables['conversations']['$inferSelect'];
export type MemberRow = MessagesTables['conversationMembers']['$inferSelect'];
export type MessageRow = MessagesTables['messages']['$inferSelect'];
