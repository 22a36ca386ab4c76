import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { handleLiveEvent, isLiveFeedGroup, liveFeedGroupId, LIVE_MAX_AGE_MS, tooOldForLive } from './feed.js';
import { LiveHub } from './hub.js';

describe('live feed group names', () => {
  it('tells a live feed group from the durable ones, with or without a topic prefix', () => {
    const group = liveFeedGroupId('notifications');
    expect(isLiveFeedGroup(group)).toBe(true);
    expect(isLiveFeedGroup(`staging.${group}`)).toBe(true);
    expect(isLiveFeedGroup('notifications.writer')).toBe(false);
    expect(isLiveFeedGroup('gateway.site-settings-view.6f1c0a52-4c1e-4b7e-9a1d-2f3e4d5c6b7a')).toBe(false);
  });
});

describe('live feed age limit', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');

  it('pushes a notification created within the last ten minutes, not one replayed later', () => {
    expect(tooOldForLive('2026-11-27T11:59:59.000Z', now)).toBe(false);
    expect(tooOldForLive(new Date(now - LIVE_MAX_AGE_MS).toISOString(), now)).toBe(false);
    expect(tooOldForLive(new Date(now - LIVE_MAX_AGE_MS - 1).toISOString(), now)).toBe(true);
    expect(tooOldForLive('2026-11-26T12:00:00.000Z', now)).toBe(true);
  });
});

describe('the live feed handling an event', () => {
  const now = Date.parse('2026-11-29T17:06:00.000Z');
  const at = new Date(now - 1_000).toISOString();
  const message = {
    id: 5021,
    conversationId: 88,
    senderId: 9,
    clientId: '0b5f8f8e-3a6e-4b8e-9a41-2c7d1f9e6a10',
    body: 'See you at the beach by 5?',
    media: [],
    replyTo: null,
    deleted: false,
    createdAt: at,
  };
  const sent = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    type: 'message.sent',
    version: 1,
    occurredAt: at,
    aggregateId: '88',
    actorId: 9,
    traceId: null,
    payload: { conversationId: 88, memberIds: [7, 9], notifyIds: [7], title: null, message },
    ...extra,
  });

  function hubWith(...userIds: number[]) {
    const live = new LiveHub({ maxSocketsPerMember: 5, log: pino({ level: 'silent' }) });
    const tabs = userIds.map((userId) => {
      const sent: string[] = [];
      const socket = { readyState: WebSocket.OPEN, bufferedAmount: 0, on() {}, once() {}, send: (text: string) => void sent.push(text) };
      live.ready(live.open(socket as unknown as WebSocket, userId, 's'), 0, 0);
      sent.length = 0;
      return sent;
    });
    return { live, tabs };
  }

  it('sends a conversation frame of its contract fields to each tab of the members, once per event', () => {
    const { live, tabs } = hubWith(7, 7, 9, 12);
    handleLiveEvent(live, sent('e1'), now);
    handleLiveEvent(live, sent('e1'), now);
    const [phone, laptop, sender, outsider] = tabs;
    expect(phone!.map((text) => JSON.parse(text) as unknown)).toEqual([{ type: 'message:new', message }]);
    expect(laptop).toEqual(phone);
    expect(sender).toEqual(phone);
    expect(outsider).toEqual([]);
    handleLiveEvent(live, sent('e2'), now);
    expect(phone).toHaveLength(2);
  });

  it('sends nothing for an envelope it cannot read, a payload its schema refuses, or a stale event', () => {
    const { live, tabs } = hubWith(7);
    handleLiveEvent(live, sent('e1', { occurredAt: 'yesterday' }), now);
    handleLiveEvent(live, sent('e2', { id: 42 }), now);
    handleLiveEvent(live, sent('e3', { payload: { conversationId: 88, memberIds: [7], notifyIds: [] } }), now);
    handleLiveEvent(live, sent('e4', { occurredAt: new Date(now - LIVE_MAX_AGE_MS - 1).toISOString() }), now);
    handleLiveEvent(live, null, now);
    expect(tabs[0]).toEqual([]);
  });

  it('pushes a notification to its recipient, validated, not when stale', () => {
    const { live, tabs } = hubWith(7);
    const notification = (id: number, createdAt: string) => ({
      id: 'n' + id,
      type: 'notification.created',
      version: 1,
      occurredAt: at,
      aggregateId: '7',
      actorId: 9,
      traceId: null,
      payload: {
        recipientId: 7,
        notification: {
          id,
          type: 'message',
          actorId: 9,
          actorName: 'Bola Adeyemi',
          actorAvatar: '/uploads/profile/9.webp',
          entityType: 'conversation',
          entityId: 88,
          message: 'sent you a message',
          meta: { postId: null, groupId: null, mentionId: null, review: null },
          createdAt,
          readAt: null,
          seenAt: null,
        },
      },
    });
    handleLiveEvent(live, notification(31, at), now);
    handleLiveEvent(live, notification(32, new Date(now - LIVE_MAX_AGE_MS - 1).toISOString()), now);
    handleLiveEvent(live, { ...notification(33, at), payload: { recipientId: 7, notification: { id: 33 } } }, now);
    expect(tabs[0]!.map((text) => (JSON.parse(text) as { notification: { id: number } }).notification.id)).toEqual([31]);
  });
});
