import { socketMessage, type EventPayload, type Message } from '@kora/contracts';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { conversationFrame } from './conversation-frames.js';
import { LiveHub } from './hub.js';

/** A socket that records the text frames it was sent. */
function fakeSocket() {
  const sent: string[] = [];
  const socket = { readyState: WebSocket.OPEN, bufferedAmount: 0, sent, on() {}, once() {}, send: (text: string) => void sent.push(text) };
  return socket;
}

function hub() {
  const live = new LiveHub({ maxSocketsPerMember: 5, log: pino({ level: 'silent' }) });
  /** Opens a tab of `userId`; it is 'ready' unless told otherwise. */
  const open = (userId: number, ready = true) => {
    const socket = fakeSocket();
    const conn = live.open(socket as unknown as WebSocket, userId, 's');
    if (ready) live.ready(conn, 0, 0);
    socket.sent.length = 0;
    return { socket, conn, frames: () => socket.sent.map((text) => JSON.parse(text) as unknown) };
  };
  return { live, open };
}

const message: Message = {
  id: 5021,
  conversationId: 88,
  senderId: 9,
  clientId: '0b5f8f8e-3a6e-4b8e-9a41-2c7d1f9e6a10',
  body: 'See you at the beach by 5?',
  media: [],
  replyTo: null,
  deleted: false,
  createdAt: '2026-11-29T17:06:00.000Z',
};
const sent: EventPayload<'message.sent'> = { conversationId: 88, memberIds: [7, 9], notifyIds: [7], title: null, message };

/** Delivers a conversation event to the hub as the live feed does. */
function deliver(live: LiveHub, eventId: string, type: string, payload: unknown): number {
  const delivery = conversationFrame(type, payload)!;
  return live.broadcast(eventId, delivery.memberIds, delivery.frame, delivery.skip);
}

describe('conversation frames in the live hub', () => {
  it('sends each of a member’s tabs the frame once, serialised once, and nothing to members not named', () => {
    const { live, open } = hub();
    const [phone, laptop, sender, outsider] = [open(7), open(7), open(9), open(12)];
    expect(deliver(live, 'e1', 'message.sent', sent)).toBe(3);
    for (const tab of [phone, laptop, sender]) expect(tab.frames()).toEqual([{ type: 'message:new', message }]);
    expect(outsider.frames()).toEqual([]);
    // One text for every tab; neither who gets a bell nor the member list leaves the server.
    expect(phone.socket.sent[0]).toBe(laptop.socket.sent[0]);
    expect(phone.socket.sent[0]).not.toMatch(/notifyIds|memberIds/);
  });

  it('does not send a redelivered event again, but does send the next one', () => {
    const { live, open } = hub();
    const tab = open(7);
    deliver(live, 'e1', 'message.sent', sent);
    expect(deliver(live, 'e1', 'message.sent', sent)).toBe(0);
    deliver(live, 'e2', 'message.deleted', { conversationId: 88, memberIds: [7, 9], message: { ...message, body: '', deleted: true } });
    expect(tab.frames().map((f) => (f as { type: string }).type)).toEqual(['message:new', 'message:deleted']);
  });

  it('never sends a typing frame to the typer’s own tabs', () => {
    const { live, open } = hub();
    const [typerPhone, typerLaptop, other] = [open(9), open(9), open(7)];
    deliver(live, 'typing-1', 'conversation.typing', { conversationId: 88, memberIds: [7, 9], userId: 9 });
    expect(typerPhone.frames()).toEqual([]);
    expect(typerLaptop.frames()).toEqual([]);
    expect(other.frames()).toEqual([{ type: 'conversation:typing', conversationId: 88, userId: 9 }]);
  });

  it('sends read, delivered and changed marks in the contract’s shapes', () => {
    const { live, open } = hub();
    const tab = open(7);
    const audience = { conversationId: 88, memberIds: [7, 9] };
    deliver(live, 'r', 'conversation.read', { ...audience, userId: 9, readUpTo: 5021 });
    deliver(live, 'd', 'conversation.delivered', { ...audience, userId: 9, deliveredUpTo: 5021 });
    deliver(live, 'c', 'conversation.changed', audience);
    expect(tab.frames()).toEqual([
      { type: 'conversation:read', conversationId: 88, userId: 9, readUpTo: 5021 },
      { type: 'conversation:delivered', conversationId: 88, userId: 9, deliveredUpTo: 5021 },
      { type: 'conversation:changed', conversationId: 88 },
    ]);
    for (const frame of tab.frames()) expect(socketMessage.safeParse(frame).success).toBe(true);
  });

  it("holds a frame for a tab still waiting for its 'ready', and sends it right after", () => {
    const { live, open } = hub();
    const tab = open(7, false);
    deliver(live, 'e1', 'message.sent', sent);
    expect(tab.frames()).toEqual([]);
    live.ready(tab.conn, 3, 1_000);
    expect(tab.frames()).toEqual([
      { type: 'ready', unread: 3, newestId: 1_000 },
      { type: 'message:new', message },
    ]);
  });

  it('keeps the two guards apart: a notification id and an event id never shadow each other', () => {
    const { live, open } = hub();
    const tab = open(7);
    deliver(live, '41', 'conversation.changed', { conversationId: 88, memberIds: [7] });
    live.push(7, {
      id: 41,
      type: 'message',
      actorId: 9,
      actorName: 'Bola',
      actorAvatar: '',
      entityType: 'conversation',
      entityId: 88,
      message: 'sent you a message',
      meta: { postId: null, groupId: null, mentionId: null, review: null },
      createdAt: message.createdAt,
      readAt: null,
      seenAt: null,
    });
    expect(tab.frames().map((f) => (f as { type: string }).type)).toEqual(['conversation:changed', 'notification:new']);
  });

  it('ignores other events and payloads their schema refuses', () => {
    expect(conversationFrame('post.liked', { postId: 1, postOwnerId: 2, actorId: 3 })).toBeNull();
    expect(conversationFrame('message.sent', { conversationId: 88 })).toBeNull();
  });
});
