/** Tables of the `notifications` schema (Drizzle views of the SQL in migrations.ts). */
import { NOTIFICATION_ENTITY_TYPES, type MentionReviewState } from '@kora/contracts';
import { devMailTable, memberBlocksTable, memberMutesTable, memberPrivacyTable, memberSnapshotTable } from '@kora/platform/service';
import { bigint, boolean, date, integer, pgSchema, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const notificationsSchema = (name: string) => {
  const schema = pgSchema(name);

  const notifications = schema.table('notifications', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    recipientId: id('recipient_id').notNull(),
    type: text('type').notNull(),
    actorId: id('actor_id').notNull(),
    entityType: text('entity_type', { enum: NOTIFICATION_ENTITY_TYPES }).notNull(),
    entityId: id('entity_id').notNull(),
    message: text('message').notNull(),
    postId: id('post_id'),
    groupId: id('group_id'),
    sourceEventId: uuid('source_event_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
    seenAt: at('seen_at'),
    mentionId: id('mention_id'),
    review: text('review').$type<MentionReviewState>(),
    /** A `message` notification's newest message (decision 039): a read mark at or past it reads it. */
    messageId: id('message_id'),
    /** A `message` notification's group conversation title (null for a direct one): what the digest names. */
    conversationTitle: text('conversation_title'),
  });

  /** Projection of auth's members (decision 016): the actor's current name and avatar are read from here. */
  const members = memberSnapshotTable(schema);

  /** Each member's notification switches (settings.notifications-changed); no row = the defaults. */
  const notificationSettings = schema.table('notification_settings', {
    userId: id('user_id').primaryKey(),
    inappLikes: boolean('inapp_likes').notNull(),
    inappComments: boolean('inapp_comments').notNull(),
    inappMentions: boolean('inapp_mentions').notNull(),
    inappFriendRequests: boolean('inapp_friend_requests').notNull(),
    inappGroupActivity: boolean('inapp_group_activity').notNull(),
    inappPayments: boolean('inapp_payments').notNull(),
    inappMessages: boolean('inapp_messages').notNull(),
    emailDigest: boolean('email_digest').notNull(),
    emailSecurity: boolean('email_security').notNull(),
    updatedAt: at('updated_at').notNull(),
  });

  /** Each member's privacy settings (the platform's projection): showOnline for presence. */
  const privacy = memberPrivacyTable(schema);
  /** Who blocked whom (friends service, decision 036): nothing passes between a blocked pair. */
  const blocks = memberBlocksTable(schema);
  /** Whom each member muted (settings service, decision 037): no message notification from them. */
  const mutes = memberMutesTable(schema);

  /** Each member's time zone and language (settings.profile-changed); no row = UTC and English. */
  const timezones = schema.table('member_timezones', {
    userId: id('user_id').primaryKey(),
    timezone: text('timezone').notNull(),
    /** What their notifications, pushes and digest are written in (null: English). */
    language: text('language'),
    updatedAt: at('updated_at').notNull(),
  });

  /** Each member's e-mail address (user.registered), where their digest goes. */
  const emails = schema.table('member_emails', { userId: id('user_id').primaryKey(), email: text('email').notNull() });

  /** The digests sent: one per member per local date at most. */
  const digests = schema.table(
    'digests',
    {
      userId: id('user_id').notNull(),
      localDate: date('local_date', { mode: 'string' }).notNull(),
      notificationCount: integer('notification_count').notNull(),
      sentAt: at('sent_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
  );

  /** Each member's devices subscribed to push notifications (decision 042). */
  const pushSubscriptions = schema.table('push_subscriptions', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: id('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The auth session it was made in: signing out of it removes the subscription. */
    sessionId: text('session_id').notNull(),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
  });

  /** The key pair pushes are signed with when VAPID_* are not set: one row, made once. */
  const vapidKeys = schema.table('vapid_keys', {
    id: smallint('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  });

  /** The dev outbox: mails "sent" with no SMTP server configured (local installs). */
  const devMail = devMailTable(schema);

  return {
    notifications,
    members,
    notificationSettings,
    privacy,
    blocks,
    mutes,
    timezones,
    emails,
    digests,
    devMail,
    pushSubscriptions,
    vapidKeys,
  };
};

export type NotificationsTables = ReturnType<typeof notificationsSchema>;
export type NotificationRow = NotificationsTables['notifications']['$inferSelect'];
export type PushSubscriptionRow = NotificationsTables['pushSubscriptions']['$inferSelect'];
