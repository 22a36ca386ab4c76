/** Tables of the `notifications` schema (Drizzle views of the SQL in migrations.ts). */
import { memberSnapshotTable } from '@kora/platform/service';
import { bigint, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const notificationsSchema = (name: string) => {
  const schema = pgSchema(name);

  const notifications = schema.table('notifications', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    recipientId: id('recipient_id').notNull(),
    type: text('type').notNull(),
    actorId: id('actor_id').notNull(),
    entityType: text('entity_type', { enum: ['post', 'friend_request', 'user', 'reel', 'group'] }).notNull(),
    entityId: id('entity_id').notNull(),
    message: text('message').notNull(),
    postId: id('post_id'),
    groupId: id('group_id'),
    sourceEventId: uuid('source_event_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
    seenAt: at('seen_at'),
  });

  /** Projection of auth's members (decision 016): the actor's current name and avatar are read from here. */
  const members = memberSnapshotTable(schema);

  return { notifications, members };
};

export type NotificationsTables = ReturnType<typeof notificationsSchema>;
export type NotificationRow = NotificationsTables['notifications']['$inferSelect'];
