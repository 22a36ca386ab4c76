/**
 * The messages API (messages service, decision 039): conversations one-to-one and in small groups,
 * their messages, read marks and message requests. Every route answers 404 "Conversation not
 * found" to anyone outside the conversation. Lists are bare arrays paged by the headers of
 * decision 015.
 */
import { z } from 'zod';
import { adminPage, adminPageOf, adminPageSize } from './admin.js';
import { adminTexts, REPORT_NOTE_MAX, REPORT_REASONS, REPORT_STATUSES } from './admin-texts.js';
import { CONVERSATION_FOLDERS, CONVERSATION_KINDS, messageLimits, messageTexts as t } from './messages-texts.js';
import { POST_MEDIA_URL } from './posts-texts.js';
import { CLIP_STATES } from './stories-texts.js';

export * from './messages-texts.js';
export * from './messages-link-texts.js';

const memberId = z.coerce
  .number({ error: () => t.memberNotFound })
  .int({ error: () => t.memberNotFound })
  .positive({ error: () => t.memberNotFound });

/** A photo or video uploaded through the media service (`POST /api/media`, the same checks as posts). */
export const messageMediaInput = z.object({
  url: z.string({ error: () => t.mediaInvalid }).regex(POST_MEDIA_URL, { error: () => t.mediaInvalid }),
});

export const messageMediaSchema = z
  .object({
    url: z.string(),
    type: z.enum(['image', 'video']),
    /** A video's poster once media has processed it; null for photos and videos not ready yet. */
    posterUrl: z.string().nullable(),
    /**
     * A video plays once `ready`; `processing` until media has transcoded it, `failed` when it could
     * not (see `error`). A photo is always `ready`. Optional: absent from servers before it existed.
     */
    state: z.enum(CLIP_STATES).optional(),
    /** A ready video's length in seconds; null otherwise. */
    durationSeconds: z.number().nullable().optional(),
    /** Why a failed video failed, in words for the members (media's reason); null otherwise. */
    error: z.string().nullable().optional(),
  })
  .meta({
    example: {
      url: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4',
      type: 'video',
      posterUrl: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b-poster.jpg',
      state: 'ready',
      durationSeconds: 14.2,
      error: null,
    },
  });
export type MessageMedia = z.infer<typeof messageMediaSchema>;

/** A conversation member as others see them. */
export const conversationMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  profileImage: z.string(),
  /** Whether the member is still in the conversation (a group's former members stay named on their messages). */
  active: z.boolean(),
  /**
   * The newest message id this member has read and has received; null while the caller may not
   * know (the member has not accepted the caller's request yet) or before their first.
   */
  readUpTo: z.number().int().nullable(),
  deliveredUpTo: z.number().int().nullable(),
});
export type ConversationMember = z.infer<typeof conversationMemberSchema>;

const replyRef = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  /** The first words of the message replied to; empty when it was deleted. */
  excerpt: z.string(),
  deleted: z.boolean(),
});

const messageExample = {
  id: 5021,
  conversationId: 88,
  senderId: 9,
  clientId: '0b5f8f8e-3a6e-4b8e-9a41-2c7d1f9e6a10',
  body: 'See you at the beach by 5? https://kora.ng/events/12',
  media: [],
  replyTo: null,
  deleted: false,
  createdAt: '2026-11-29T17:06:00.000Z',
};
export const messageSchema = z
  .object({
    id: z.number().int(),
    conversationId: z.number().int(),
    senderId: z.number().int(),
    /** The id the sender's client chose: a repeat of the same send answers this message again. */
    clientId: z.string(),
    /** Empty once deleted. */
    body: z.string(),
    media: z.array(messageMediaSchema),
    replyTo: replyRef.nullable(),
    /** Deleted for everyone by its sender: shown as "Message deleted". */
    deleted: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ example: messageExample });
export type Message = z.infer<typeof messageSchema>;

const conversationExample = {
  id: 88,
  kind: 'direct' as const,
  title: null,
  creatorId: 7,
  folder: 'inbox' as const,
  members: [
    {
      id: 7,
      username: 'adaeze.okafor',
      name: 'Adaeze Okafor',
      profileImage: '/uploads/profile/defaultavatar.png',
      active: true,
      readUpTo: 5021,
      deliveredUpTo: 5021,
    },
    {
      id: 9,
      username: 'bola',
      name: 'Bola Adeyemi',
      profileImage: '/uploads/profile/defaultavatar.png',
      active: true,
      readUpTo: 5021,
      deliveredUpTo: 5021,
    },
  ],
  lastMessage: messageExample,
  lastActivityAt: '2026-11-29T17:06:00.000Z',
  unreadCount: 0,
  lastReadId: 5021,
};
export const conversationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(CONVERSATION_KINDS),
    /** A group conversation's name; null for a direct one (show the other member's name). */
    title: z.string().nullable(),
    creatorId: z.number().int(),
    /** Where the caller finds it: `requests` until they accept a stranger's first message. */
    folder: z.enum(CONVERSATION_FOLDERS),
    /** Everyone in it, the caller included, and former members of a group. */
    members: z.array(conversationMemberSchema),
    lastMessage: messageSchema.nullable(),
    lastActivityAt: z.string(),
    /** Messages from others after the caller's read mark, counted up to `messageLimits.unreadCountCap` (100). */
    unreadCount: z.number().int(),
    /** The caller's own read mark (0 before the first). */
    lastReadId: z.number().int(),
  })
  .meta({ example: conversationExample });
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/messages/conversations */
export const conversationListQuery = z.object({
  folder: z
    .enum(CONVERSATION_FOLDERS, { error: () => t.folderInvalid })
    .default('inbox')
    .describe('`inbox` (default) or `requests`'),
  q: z.string().max(100).optional().describe('Matches the conversation’s name and its members’ names and usernames'),
  cursor: z.string().optional().describe('From the previous page’s X-Next-Cursor'),
  limit: z.coerce.number().int().min(1).max(messageLimits.listPageSize).default(messageLimits.listPageSize),
});

/** POST /api/messages/conversations: one member (a direct conversation) or several with a title (a group). */
export const createConversationBody = z
  .object({
    memberIds: z
      .array(memberId, { error: () => t.membersInvalid })
      .min(1, { error: () => t.membersRequired })
      .max(messageLimits.maxMembers - 1, { error: () => t.tooManyMembers }),
    title: z
      .string({ error: () => t.titleInvalid })
      .trim()
      .max(messageLimits.maxTitle, { error: () => t.titleTooLong })
      .optional(),
    /** Optional: a group of one other member when true; otherwise one member makes a direct conversation. */
    group: z.boolean().optional(),
  })
  .meta({ example: { memberIds: [9, 12], title: 'Beach Saturday' } });

/** PATCH /api/messages/conversations/{id}: the creator renames a group conversation. */
export const renameConversationBody = z
  .object({
    title: z
      .string({ error: () => t.titleInvalid })
      .trim()
      .min(1, { error: () => t.groupTitleRequired })
      .max(messageLimits.maxTitle, { error: () => t.titleTooLong }),
  })
  .meta({ example: { title: 'Beach Saturday 🌊' } });

/** POST /api/messages/conversations/{id}/members: the creator adds members to a group conversation. */
export const addMembersBody = z
  .object({
    memberIds: z
      .array(memberId, { error: () => t.membersInvalid })
      .min(1, { error: () => t.membersRequired })
      .max(messageLimits.maxMembers - 1, { error: () => t.tooManyMembers }),
  })
  .meta({ example: { memberIds: [15] } });

/** GET /api/messages/conversations/{id}/messages: newest page (default), older (`before`), or catch-up (`after`). */
export const messagePageQuery = z.object({
  before: z.coerce
    .number({ error: () => t.cursorInvalid })
    .int({ error: () => t.cursorInvalid })
    .positive({ error: () => t.cursorInvalid })
    .optional()
    .describe('Messages older than this id, newest page first'),
  after: z.coerce
    .number({ error: () => t.cursorInvalid })
    .int({ error: () => t.cursorInvalid })
    .nonnegative({ error: () => t.cursorInvalid })
    .optional()
    .describe('Messages newer than this id (a reconnecting client’s last seen id), oldest first'),
  limit: z.coerce.number().int().min(1).max(messageLimits.maxPageSize).default(messageLimits.pageSize),
});

/** POST /api/messages/conversations/{id}/messages */
export const sendMessageBody = z
  .object({
    clientId: z.uuid({ error: () => t.clientIdInvalid }),
    body: z.string({ error: () => t.bodyInvalid }).default(''),
    media: z
      .array(messageMediaInput, { error: () => t.mediaInvalid })
      .max(messageLimits.maxPhotos, { error: () => t.tooManyPhotos })
      .default([]),
    replyToId: z
      .number({ error: () => t.replyNotFound })
      .int({ error: () => t.replyNotFound })
      .positive({ error: () => t.replyNotFound })
      .nullable()
      .optional(),
  })
  .meta({ example: { clientId: '0b5f8f8e-3a6e-4b8e-9a41-2c7d1f9e6a10', body: 'See you at the beach by 5?', media: [], replyToId: null } });

/** POST /api/messages/conversations/{id}/read: the caller has read up to this message. */
export const readBody = z
  .object({
    messageId: z
      .number({ error: () => t.readInvalid })
      .int({ error: () => t.readInvalid })
      .nonnegative({ error: () => t.readInvalid }),
  })
  .meta({ example: { messageId: 5021 } });
export const readAnswer = z
  .object({ conversationId: z.number().int(), lastReadId: z.number().int(), unreadTotal: z.number().int() })
  .meta({ example: { conversationId: 88, lastReadId: 5021, unreadTotal: 3 } });

/** GET /api/messages/unread: the top bar's badge. */
export const unreadAnswer = z
  .object({
    /** Unread messages across the caller's inbox (requests not counted; each conversation counted up to 100). */
    unreadTotal: z.number().int(),
    /** Inbox conversations with at least one unread message. */
    conversations: z.number().int(),
    /** Conversations waiting in the Requests tab. */
    requests: z.number().int(),
  })
  .meta({ example: { unreadTotal: 4, conversations: 2, requests: 1 } });
export type UnreadAnswer = z.infer<typeof unreadAnswer>;

/** What a member's socket is sent about conversations (beside notifications; decision 039). */
export const messageSocketFrames = [
  z.object({ type: z.literal('message:new'), message: messageSchema }),
  z.object({ type: z.literal('message:deleted'), message: messageSchema }),
  /** The message's video finished processing (or failed) after it was sent: replace the copy with this id. */
  z.object({ type: z.literal('message:updated'), message: messageSchema }),
  z.object({
    type: z.literal('conversation:read'),
    conversationId: z.number().int(),
    userId: z.number().int(),
    readUpTo: z.number().int(),
  }),
  z.object({
    type: z.literal('conversation:delivered'),
    conversationId: z.number().int(),
    userId: z.number().int(),
    deliveredUpTo: z.number().int(),
  }),
  /** Title or members changed, or the caller accepted a request: refetch it. */
  z.object({ type: z.literal('conversation:changed'), conversationId: z.number().int() }),
  z.object({ type: z.literal('conversation:typing'), conversationId: z.number().int(), userId: z.number().int() }),
] as const;

/** POST /api/messages/conversations/{id}/messages/{messageId}/report: a member reports a message they can see. */
export const messageReportBody = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: () => t.reportReasonInvalid }),
    note: z
      .string({ error: () => t.reportNoteTooLong })
      .trim()
      .max(REPORT_NOTE_MAX, { error: () => t.reportNoteTooLong })
      .default(''),
  })
  .meta({ example: { reason: 'harassment', note: 'Keeps sending this after I said stop' } });
export const messageReportAnswer = z
  .object({ id: z.number().int(), message: z.string() })
  .meta({ example: { id: 14, message: adminTexts.reportSent } });

/** GET /api/admin/message-reports: open (default) or closed reports, newest first, in the admin tables' numbered pages. */
export const adminMessageReportsQuery = z.object({
  status: z.enum(['open', 'closed'], { error: "The status must be 'open' or 'closed'" }).default('open'),
  page: adminPage,
  limit: adminPageSize,
});

/**
 * One report of a message as an admin sees it: the message (its text and media only, nothing else
 * of its conversation), who sent it and who reported it (decision 039).
 */
export const adminMessageReportSchema = z
  .object({
    id: z.number().int(),
    messageId: z.number().int(),
    body: z.string(),
    media: z.array(messageMediaSchema),
    /** The sender deleted it for everyone before the admin looked (its text is gone). */
    deleted: z.boolean(),
    sentAt: z.string(),
    senderId: z.number().int(),
    senderUsername: z.string(),
    senderName: z.string(),
    reporterId: z.number().int(),
    reporterUsername: z.string(),
    reason: z.enum(REPORT_REASONS),
    note: z.string(),
    status: z.enum(REPORT_STATUSES),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
  })
  .meta({
    example: {
      id: 14,
      messageId: 5021,
      body: 'You will regret this',
      media: [],
      deleted: false,
      sentAt: '2026-11-29T17:06:00.000Z',
      senderId: 9,
      senderUsername: 'bola',
      senderName: 'Bola Adeyemi',
      reporterId: 7,
      reporterUsername: 'adaeze.okafor',
      reason: 'harassment',
      note: 'Keeps sending this after I said stop',
      status: 'open',
      createdAt: '2026-11-29T17:10:00.000Z',
      closedAt: null,
    },
  });
export type AdminMessageReport = z.infer<typeof adminMessageReportSchema>;
export const adminMessageReportListSchema = adminPageOf(adminMessageReportSchema);

/** POST /api/admin/message-reports/{id}/close */
export const closeMessageReportBody = z
  .object({ status: z.enum(['resolved', 'dismissed'], { error: () => t.reportStatusInvalid }) })
  .meta({ example: { status: 'resolved' } });
export const closeMessageReportAnswer = z
  .object({ id: z.number().int(), status: z.enum(REPORT_STATUSES) })
  .meta({ example: { id: 14, status: 'resolved' } });
