/**
 * Reads one message of the live socket (`/ws`), or null for anything the server did not promise:
 * 'ready', 'notification:new', and the conversations' frames (decision 039).
 *
 * The contract's zod schema `socketMessage` defines the messages; the browser checks the same shape
 * by hand instead, because zod would weigh down the first load of every signed-in page for this
 * one check (its size is in docs/performance.md), and the messages come from our own server, built
 * from the same contract type. socket-message.test.ts holds the two to the same answers, valid and broken messages alike.
 */
import { MENTION_REVIEW_STATES, NOTIFICATION_ENTITY_TYPES, type Message, type Notification, type SocketMessage } from '@kora/contracts';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const orNull = (check: (value: unknown) => boolean) => (value: unknown) => value === null || check(value);
const ENTITY_TYPES: ReadonlySet<unknown> = new Set(NOTIFICATION_ENTITY_TYPES);
const REVIEW_STATES: ReadonlySet<unknown> = new Set(MENTION_REVIEW_STATES);
/** Fields added later default to null when absent, as the schema's `.default(null)` does. */
const optional = (check: (value: unknown) => boolean) => (value: unknown) => value === undefined || value === null || check(value);

const NOTIFICATION_FIELDS: Record<keyof Notification, (value: unknown) => boolean> = {
  id: isInt,
  type: isText,
  actorId: isInt,
  actorName: isText,
  actorAvatar: isText,
  entityType: (value) => ENTITY_TYPES.has(value),
  entityId: isInt,
  message: isText,
  meta: (value) =>
    isObject(value) &&
    orNull(isInt)(value.postId) &&
    orNull(isInt)(value.groupId) &&
    optional(isInt)(value.mentionId) &&
    optional((v) => REVIEW_STATES.has(v))(value.review),
  createdAt: isText,
  readAt: orNull(isText),
  seenAt: orNull(isText),
};

function isNotification(value: unknown): value is Notification {
  if (!isObject(value)) return false;
  for (const [name, check] of Object.entries(NOTIFICATION_FIELDS)) if (!check(value[name])) return false;
  return true;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const MEDIA_TYPES: ReadonlySet<unknown> = new Set(['image', 'video']);

const INVALID = Symbol('invalid');

/** Only the named fields, each checked; null when one fails (the schema's answer for a broken object). */
function pick<T>(value: unknown, fields: Record<string, (value: unknown) => unknown>): T | null {
  if (!isObject(value)) return null;
  const out: Fields = {};
  for (const [name, read] of Object.entries(fields)) {
    const field = read(value[name]);
    if (field === INVALID) return null;
    out[name] = field;
  }
  return out as T;
}

/** A field checker that keeps the value as it is. */
const keep = (check: (value: unknown) => boolean) => (value: unknown) => (check(value) ? value : INVALID);
const nested = (fields: Record<string, (value: unknown) => unknown>) => (value: unknown) => pick(value, fields) ?? INVALID;

const MEDIA_STATES: ReadonlySet<unknown> = new Set(['processing', 'ready', 'failed']);
/** Added with video states: absent on photos and from older servers, as the schema's `.optional()`. */
const maybe = (check: (value: unknown) => boolean) => (value: unknown) => (value === undefined || check(value) ? value : INVALID);
const MEDIA_FIELDS = {
  url: keep(isText),
  type: keep((v) => MEDIA_TYPES.has(v)),
  posterUrl: keep(orNull(isText)),
  state: maybe((v) => MEDIA_STATES.has(v)),
  durationSeconds: maybe(orNull((v) => typeof v === 'number' && Number.isFinite(v))),
  error: maybe(orNull(isText)),
};
const REPLY_FIELDS = { id: keep(isInt), senderId: keep(isInt), excerpt: keep(isText), deleted: keep(isBoolean) };
const MESSAGE_FIELDS: Record<keyof Message, (value: unknown) => unknown> = {
  id: keep(isInt),
  conversationId: keep(isInt),
  senderId: keep(isInt),
  clientId: keep(isText),
  body: keep(isText),
  media: (value) => {
    if (!Array.isArray(value)) return INVALID;
    const media = value.map((item) => pick(item, MEDIA_FIELDS));
    return media.includes(null) ? INVALID : media;
  },
  replyTo: (value) => (value === null ? null : nested(REPLY_FIELDS)(value)),
  deleted: keep(isBoolean),
  createdAt: keep(isText),
};

/** The conversation frames' fields besides `type` (decision 039; the contract's messageSocketFrames). */
const CONVERSATION_FRAMES: Record<string, Record<string, (value: unknown) => unknown>> = {
  'message:new': { message: nested(MESSAGE_FIELDS) },
  'message:deleted': { message: nested(MESSAGE_FIELDS) },
  'message:updated': { message: nested(MESSAGE_FIELDS) },
  'conversation:read': { conversationId: keep(isInt), userId: keep(isInt), readUpTo: keep(isInt) },
  'conversation:delivered': { conversationId: keep(isInt), userId: keep(isInt), deliveredUpTo: keep(isInt) },
  'conversation:changed': { conversationId: keep(isInt) },
  'conversation:typing': { conversationId: keep(isInt), userId: keep(isInt) },
};

/** The socket's conversation frames (everything but 'ready' and 'notification:new'). */
export type ConversationFrame = Exclude<SocketMessage, { type: 'ready' } | { type: 'notification:new' }>;

export function readSocketMessage(data: unknown): SocketMessage | null {
  let message: unknown;
  try {
    message = JSON.parse(String(data));
  } catch {
    return null; // not JSON: nothing the server promised to send
  }
  if (!isObject(message)) return null;
  if (message.type === 'ready' && isInt(message.unread)) {
    const { unread, newestId } = message;
    // `newestId` came later (decision 049): absent from older servers, as the schema's `.optional()`.
    if (newestId === undefined) return { type: 'ready', unread };
    return isInt(newestId) && newestId >= 0 ? { type: 'ready', unread, newestId } : null;
  }
  if (message.type === 'notification:new' && isNotification(message.notification)) {
    const n = message.notification;
    // Only the contract's fields, as the schema would answer (it drops unknown keys).
    const notification = Object.fromEntries(
      Object.keys(NOTIFICATION_FIELDS).map((name) => [name, n[name as keyof Notification]]),
    ) as Notification;
    const meta = { postId: n.meta.postId, groupId: n.meta.groupId, mentionId: n.meta.mentionId ?? null, review: n.meta.review ?? null };
    return { type: 'notification:new', notification: { ...notification, meta } };
  }
  const frame =
    typeof message.type === 'string' && Object.hasOwn(CONVERSATION_FRAMES, message.type) ? CONVERSATION_FRAMES[message.type] : undefined;
  if (frame) {
    const fields = pick<Fields>(message, frame);
    return fields ? ({ type: message.type, ...fields } as ConversationFrame) : null;
  }
  return null;
}
