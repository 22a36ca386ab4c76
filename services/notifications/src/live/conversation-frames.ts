/**
 * The socket frame each conversation event becomes (decision 039; `messageSocketFrames` in the
 * contracts), and whom it goes to: the members the event names. Only the frame's own fields are
 * sent: the event's member lists (who may get a bell, who is a request's recipient) stay internal.
 */
import { eventRegistry, type EventPayload, type EventType } from '@kora/contracts';
import type { ConversationFrame } from './hub.js';

export interface ConversationDelivery {
  memberIds: number[];
  frame: ConversationFrame;
  /** A member not to send it to: the typer of a typing frame. */
  skip: number | null;
}

const conversationEvents = [
  'message.sent',
  'message.deleted',
  'message.updated',
  'conversation.read',
  'conversation.delivered',
  'conversation.changed',
  'conversation.typing',
] as const satisfies readonly EventType[];
type ConversationEvent = (typeof conversationEvents)[number];

export function isConversationEvent(type: string): type is ConversationEvent {
  return (conversationEvents as readonly string[]).includes(type);
}

const to = (p: { memberIds: number[] }, frame: ConversationFrame, skip: number | null = null): ConversationDelivery => ({
  memberIds: p.memberIds,
  frame,
  skip,
});

const frames: { [K in ConversationEvent]: (p: EventPayload<K>) => ConversationDelivery } = {
  'message.sent': (p) => to(p, { type: 'message:new', message: p.message }),
  'message.deleted': (p) => to(p, { type: 'message:deleted', message: p.message }),
  'message.updated': (p) => to(p, { type: 'message:updated', message: p.message }),
  'conversation.read': (p) =>
    to(p, { type: 'conversation:read', conversationId: p.conversationId, userId: p.userId, readUpTo: p.readUpTo }),
  'conversation.delivered': (p) =>
    to(p, { type: 'conversation:delivered', conversationId: p.conversationId, userId: p.userId, deliveredUpTo: p.deliveredUpTo }),
  'conversation.changed': (p) => to(p, { type: 'conversation:changed', conversationId: p.conversationId }),
  'conversation.typing': (p) => to(p, { type: 'conversation:typing', conversationId: p.conversationId, userId: p.userId }, p.userId),
};

/** The delivery for a conversation event, or null for any other type or a payload its schema refuses. */
export function conversationFrame(type: string, payload: unknown): ConversationDelivery | null {
  if (!isConversationEvent(type)) return null;
  const parsed = eventRegistry[type].payload.safeParse(payload);
  if (!parsed.success) return null;
  return (frames[type] as (p: unknown) => ConversationDelivery)(parsed.data);
}
