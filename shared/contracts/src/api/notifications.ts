/**
 * The notifications API (notifications service) and the live socket's messages. Notification shape
 * as the product's (docs/product/notifications.md): id, type, actorId, actorName, actorAvatar,
 * entityType, entityId, message, meta {postId, groupId}, createdAt, readAt, seenAt.
 */
import { z } from 'zod';
import { messageSocketFrames } from './messages.js';
import {
  MENTION_REVIEW_STATES,
  NOTIFICATION_ENTITY_TYPES,
  notificationTexts,
  NOTIFICATION_PAGE_SIZE,
  PRESENCE_MAX_IDS,
} from './notifications-texts.js';

export * from './notifications-texts.js';
export * from './notification-message-texts.js';

export const notificationSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    actorId: z.number().int(),
    actorName: z.string(),
    actorAvatar: z.string(),
    entityType: z.enum(NOTIFICATION_ENTITY_TYPES),
    entityId: z.number().int(),
    message: z.string(),
    meta: z.object({
      postId: z.number().int().nullable(),
      groupId: z.number().int().nullable(),
      // Added with mentions: absent in notifications announced before, so they default.
      /** The mention a `mention` notification is about (what Approve / Decline answer). */
      mentionId: z.number().int().nullable().default(null),
      /** `pending` while the mentioned member has not answered a mention they review; null otherwise. */
      review: z.enum(MENTION_REVIEW_STATES).nullable().default(null),
    }),
    createdAt: z.string(),
    readAt: z.string().nullable(),
    seenAt: z.string().nullable(),
  })
  .meta({
    example: {
      id: 1201,
      type: 'post_like',
      actorId: 9,
      actorName: 'Bola Adeyemi',
      actorAvatar: '/uploads/profile/defaultavatar.png',
      entityType: 'post',
      entityId: 42,
      message: 'liked your post',
      meta: { postId: 42, groupId: null, mentionId: null, review: null },
      createdAt: '2026-11-26T18:06:00.000Z',
      readAt: null,
      seenAt: null,
    },
  });
export type Notification = z.infer<typeof notificationSchema>;

/** `cursor` is the id of the last notification of the previous page (ids only grow). */
export const notificationPageQuery = z.object({
  cursor: z.coerce
    .number({ error: () => notificationTexts.cursorInvalid })
    .int({ error: () => notificationTexts.cursorInvalid })
    .nonnegative({ error: () => notificationTexts.cursorInvalid })
    .optional()
    // Clients start at cursor 0 (decision 015): the first page, like no cursor.
    .transform((cursor) => (cursor === 0 ? undefined : cursor))
    .describe("The previous page's X-Next-Cursor (the last id it showed); 0 or none for the first page"),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});
/** GET /api/notifications answers a bare array, newest first; the next page is in `Link` / `X-Next-Cursor`. */
export const notificationListSchema = z.array(notificationSchema);
/** One page as a client holds it: the array, and the `X-Next-Cursor` it came with. */
export interface NotificationPage {
  notifications: Notification[];
  nextCursor: number | null;
}

export const unreadCountAnswer = z.object({ count: z.number().int() }).meta({ example: { count: 3 } });
export const markReadBody = z
  .object({
    ids: z
      .array(z.number().int().positive())
      .min(1, { error: () => notificationTexts.idsInvalid })
      .max(100),
  })
  .meta({ example: { ids: [1201, 1198] } });
export const markAnswer = z.object({ updated: z.number().int(), unread: z.number().int() }).meta({ example: { updated: 2, unread: 1 } });

/** GET /api/presence?ids=1,2,3: up to 100 distinct positive member ids, comma-separated. */
export const presenceQuery = z.object({
  ids: z
    .string({ error: () => notificationTexts.presenceIdsInvalid })
    .regex(/^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$/, { error: () => notificationTexts.presenceIdsInvalid })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= PRESENCE_MAX_IDS && ids.every(Number.isSafeInteger), {
      error: () => notificationTexts.presenceIdsInvalid,
    })
    .describe('Member ids, comma-separated (at most 100)'),
});
/**
 * One member's online state as the caller may see it: true only while they have the app open and
 * both they and the caller show their online status (privacy showOnline).
 */
export const presenceSchema = z.object({ userId: z.number().int(), online: z.boolean() });
export type Presence = z.infer<typeof presenceSchema>;
export const presenceListSchema = z.array(presenceSchema).meta({
  example: [
    { userId: 9, online: true },
    { userId: 12, online: false },
  ],
});

/** Messages the server sends on `/ws`. */
export const socketMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification:new'), notification: notificationSchema }),
  z.object({
    type: z.literal('ready'),
    unread: z.number().int(),
    // The newest notification 'ready' covers (0: none yet): a reopened socket asks `?after=` it (decision 049).
    newestId: z.number().int().min(0).optional(),
  }),
  // Conversations' live events (decision 039).
  ...messageSocketFrames,
]);
export type SocketMessage = z.infer<typeof socketMessage>;
