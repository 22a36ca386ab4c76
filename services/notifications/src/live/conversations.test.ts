import { topicOf, type EventPayload, type SocketMessage } from '@kora/contracts';
import { buildEnvelope } from '@kora/platform/service';
import { eventually } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listenForSockets,
  liveFeedReady,
  memberIds,
  openSocket,
  publish,
  sentMessage,
  someId,
  startNotifications,
  startSecondInstance,
  type LiveSocket,
  type NotificationsTestService,
  type SecondInstance,
} from '../test-support.js';
import { LIVE_MAX_AGE_MS } from './feed.js';

/** Conversations' frames a tab got, in order (neither 'ready' nor notifications). */
const framesOf = (tab: LiveSocket) => tab.messages.filter((m) => m.type !== 'ready' && m.type !== 'notification:new');
const typesOf = (tab: LiveSocket) => framesOf(tab).map((m) => m.type);
const settle = () => new Promise((r) => setTimeout(r, 300));

describe(`conversations on the live socket (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  let second: SecondInstance;
  let wsUrl: string;
  const nextId = memberIds();
  const sockets: LiveSocket[] = [];

  beforeAll(async () => {
    svc = await startNotifications();
    wsUrl = await listenForSockets(svc);
    second = await startSecondInstance(svc);
    await liveFeedReady(svc, svc.handle.live);
    await liveFeedReady(svc, second.handle.live);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await second?.running.stop();
    await svc?.close();
  });

  async function open(url: string, userId: number): Promise<LiveSocket> {
    const socket = await openSocket(url, svc.as({ userId, sessionId: `s-${userId}` }));
    sockets.push(socket);
    return socket;
  }

  it('sends a new message to every tab of every member, on either instance, once each, even when the bus redelivers', async () => {
    const [ada, bola, outsider] = [nextId(), nextId(), nextId()];
    const adaTabs = [await open(wsUrl, ada), await open(wsUrl, ada), await open(second.wsUrl, ada)];
    const bolaTabs = [await open(second.wsUrl, bola), await open(second.wsUrl, bola)];
    const elsewhere = await open(wsUrl, outsider);
    const conversation = someId();

    const payload = sentMessage(conversation, bola, [ada, bola]);
    const envelope = await publish(svc, 'message.sent', payload, conversation, bola);
    const tabs = [...adaTabs, ...bolaTabs];
    await eventually(() => tabs.every((t) => framesOf(t).length === 1));
    for (const tab of tabs) expect(framesOf(tab)).toEqual([{ type: 'message:new', message: payload.message }]);
    // Ada also gets her bell notification, pushed as every notification is; Bola (the sender) none.
    await eventually(() => adaTabs.every((t) => t.pushed().length === 1));
    expect(adaTabs[0]!.pushed()[0]).toMatchObject({ type: 'message', entityType: 'conversation', entityId: conversation });

    // The same event again (Kafka after a rebalance), then a new one on the same key.
    await svc.adapters.bus.publish([{ topic: topicOf('message.sent'), key: String(conversation), value: JSON.stringify(envelope) }]);
    const audience = { conversationId: conversation, memberIds: [ada, bola] };
    await publish(svc, 'conversation.read', { ...audience, userId: ada, readUpTo: payload.message.id }, conversation, ada);
    await eventually(() => tabs.every((t) => framesOf(t).length >= 2));
    await settle();
    for (const tab of tabs) expect(typesOf(tab)).toEqual(['message:new', 'conversation:read']);
    expect(framesOf(bolaTabs[0]!)[1]).toEqual({
      type: 'conversation:read',
      ...{ conversationId: conversation, userId: ada, readUpTo: payload.message.id },
    });
    expect(framesOf(elsewhere)).toEqual([]);
  });

  it('sends deletions, delivery marks and changes, and typing to everyone but the typer', async () => {
    const [ada, bola, chidi] = [nextId(), nextId(), nextId()];
    const [ada1, bola1, bola2, chidi1] = [
      await open(wsUrl, ada),
      await open(wsUrl, bola),
      await open(second.wsUrl, bola),
      await open(second.wsUrl, chidi),
    ];
    const conversation = someId();
    const audience = { conversationId: conversation, memberIds: [ada, bola, chidi] };
    const { message } = sentMessage(conversation, ada, audience.memberIds);
    const deleted = { ...message, body: '', deleted: true };
    const events: {
      [K in 'message.deleted' | 'conversation.delivered' | 'conversation.changed' | 'conversation.typing']: EventPayload<K>;
    } = {
      'message.deleted': { ...audience, message: deleted },
      'conversation.delivered': { ...audience, userId: chidi, deliveredUpTo: message.id },
      'conversation.changed': audience,
      'conversation.typing': { ...audience, userId: bola },
    };
    for (const [type, payload] of Object.entries(events))
      await publish(svc, type as keyof typeof events, payload as never, conversation, ada);
    const expected: SocketMessage[] = [
      { type: 'message:deleted', message: deleted },
      { type: 'conversation:delivered', conversationId: conversation, userId: chidi, deliveredUpTo: message.id },
      { type: 'conversation:changed', conversationId: conversation },
      { type: 'conversation:typing', conversationId: conversation, userId: bola },
    ];
    await eventually(
      () => framesOf(ada1).length === 4 && framesOf(chidi1).length === 4 && framesOf(bola1).length === 3 && framesOf(bola2).length === 3,
    );
    await settle();
    // Typing travels on a topic of its own: in order with nothing else.
    const inOrder = (tab: LiveSocket) => framesOf(tab).filter((f) => f.type !== 'conversation:typing');
    for (const tab of [ada1, chidi1]) {
      expect(inOrder(tab)).toEqual(expected.slice(0, 3));
      expect(framesOf(tab)).toContainEqual(expected[3]);
    }
    // The typer's own tabs, on both instances, are not told they are typing.
    for (const tab of [bola1, bola2]) expect(framesOf(tab)).toEqual(expected.slice(0, 3));
  });

  it('does not send an event older than the live limit (a replay), but sends the next fresh one', async () => {
    const [ada, bola] = [nextId(), nextId()];
    const tab = await open(wsUrl, ada);
    const conversation = someId();
    const audience = { conversationId: conversation, memberIds: [ada, bola] };
    const stale = {
      ...buildEnvelope({ type: 'conversation.changed', aggregateId: conversation, actorId: bola, payload: audience }),
      occurredAt: new Date(Date.now() - LIVE_MAX_AGE_MS - 60_000).toISOString(),
    };
    await svc.adapters.bus.publish([{ topic: topicOf('conversation.changed'), key: String(conversation), value: JSON.stringify(stale) }]);
    // The fresh one follows on the same topic and key, so the stale one was handled before it.
    await publish(svc, 'conversation.changed', audience, conversation, bola);
    await eventually(() => framesOf(tab).length >= 1);
    await settle();
    expect(framesOf(tab)).toEqual([{ type: 'conversation:changed', conversationId: conversation }]);
  });
});
