import { friendPairKey, topicOf } from '@kora/contracts';
import { buildEnvelope } from '@kora/platform/service';
import { eventually, processed } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettingsOf } from '../projections/settings.js';
import {
  announcedTo,
  client,
  deliver,
  listOf,
  memberIds,
  registerMember,
  rowsOf,
  sendMessage,
  sentMessage,
  setNotificationSettings,
  someId,
  startNotifications,
  type NotificationsTestService,
} from '../test-support.js';

describe(`message notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startNotifications();
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const unread = async (userId: number) => (await api.get('/api/notifications/unread-count', userId)).json<{ count: number }>().count;
  const read = (conversationId: number, userId: number, readUpTo: number, memberIds: number[]) =>
    deliver(svc, 'conversation.read', { conversationId, memberIds, userId, readUpTo }, conversationId, userId);

  it('tells the recipient of a direct message, once per conversation: each new message renews the one notification', async () => {
    const [ada, bola] = [nextId(), nextId()];
    await registerMember(svc, bola, { firstname: 'Bola', lastname: 'Adeyemi' });
    const conversation = someId();
    const first = await sendMessage(svc, conversation, bola, [ada, bola]);
    expect(await rowsOf(svc, bola)).toEqual([]);
    const [notification] = await listOf(api, ada);
    expect(notification).toMatchObject({
      type: 'message',
      actorId: bola,
      actorName: 'Bola Adeyemi',
      entityType: 'conversation',
      entityId: conversation,
      message: 'sent you a message',
      meta: { postId: null, groupId: null, mentionId: null, review: null },
      readAt: null,
    });

    expect((await api.post('/api/notifications/mark-all-read', ada, {})).statusCode).toBe(200);
    expect(await unread(ada)).toBe(0);
    const second = await sendMessage(svc, conversation, bola, [ada, bola]);
    const rows = await rowsOf(svc, ada);
    expect(rows).toHaveLength(1);
    // A new id (the newest notification again), unread again, telling of the newest message.
    expect(rows[0]!.id).toBeGreaterThan(notification!.id);
    expect(rows[0]).toMatchObject({ readAt: null, seenAt: null, messageId: second.payload.message.id, sourceEventId: second.envelope.id });
    expect(await unread(ada)).toBe(1);
    // It was read: renewed, it is announced again, so every open tab hears of it.
    expect((await announcedTo(svc, ada)).map((n) => n.id)).toEqual([notification!.id, rows[0]!.id]);

    // An older message handled late (a replay past the processed-events record) changes nothing.
    await deliver(svc, 'message.sent', { ...first.payload }, conversation, bola);
    expect(await rowsOf(svc, ada)).toEqual(rows);
  });

  it('renews a row still unread quietly: same id, the newest message and sender, announced once', async () => {
    const [ada, bola, chidi] = [nextId(), nextId(), nextId()];
    await registerMember(svc, chidi, { firstname: 'Chidi', lastname: 'Eze' });
    const trip = someId();
    const members = [ada, bola, chidi];
    await sendMessage(svc, trip, bola, members, { title: 'Trip' });
    const [first] = await rowsOf(svc, ada);
    // Unread, and more messages come: the bell already counts the conversation.
    await sendMessage(svc, trip, bola, members, { title: 'Trip' });
    const latest = await sendMessage(svc, trip, chidi, members, { title: 'Trip' });
    const rows = await rowsOf(svc, ada);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first!.id,
      actorId: chidi,
      messageId: latest.payload.message.id,
      sourceEventId: latest.envelope.id,
      createdAt: new Date(latest.payload.message.createdAt),
      readAt: null,
    });
    expect(await unread(ada)).toBe(1);
    expect((await listOf(api, ada))[0]).toMatchObject({ id: first!.id, actorId: chidi, actorName: 'Chidi Eze' });
    // Only the first message was announced to her.
    expect((await announcedTo(svc, ada)).map((n) => n.id)).toEqual([first!.id]);

    // Reading up to an earlier message leaves it unread: it tells of the newest one now.
    await read(trip, ada, latest.payload.message.id - 1, members);
    expect(await unread(ada)).toBe(1);
    await read(trip, ada, latest.payload.message.id, members);
    expect(await unread(ada)).toBe(0);
    // Read, then a new message: unread again with a new id, and announced (the bell shows it again).
    const again = await sendMessage(svc, trip, bola, members, { title: 'Trip' });
    const [renewed] = await rowsOf(svc, ada);
    expect(renewed!.id).toBeGreaterThan(first!.id);
    expect(renewed).toMatchObject({ actorId: bola, messageId: again.payload.message.id, readAt: null });
    const announced = await announcedTo(svc, ada);
    expect(announced.map((n) => n.id)).toEqual([first!.id, renewed!.id]);
    expect(announced[1]).toMatchObject({ actorId: bola, entityId: trip, message: 'sent a message in Trip', readAt: null });
    // An older message handled late changes nothing and announces nothing.
    await deliver(svc, 'message.sent', { ...latest.payload }, trip, chidi);
    expect(await rowsOf(svc, ada)).toEqual([renewed]);
    expect(await announcedTo(svc, ada)).toHaveLength(2);
  });

  it('names a group conversation, tells only the members the event names, and keeps one row per conversation', async () => {
    const [ada, bola, chidi, requested] = [nextId(), nextId(), nextId(), nextId()];
    const [beach, other] = [someId(), someId()];
    const members = [ada, bola, chidi, requested];
    // The member whose membership is still a request is not in notifyIds: no bell for them.
    await sendMessage(svc, beach, bola, members, { title: 'Beach Saturday', notifyIds: [ada, chidi] });
    await sendMessage(svc, beach, chidi, members, { title: 'Beach Saturday', notifyIds: [ada, bola] });
    await sendMessage(svc, other, bola, [ada, bola]);
    expect(await rowsOf(svc, requested)).toEqual([]);
    expect((await rowsOf(svc, ada)).map((r) => [r.entityId, r.actorId, r.message])).toEqual([
      [other, bola, 'sent you a message'],
      [beach, chidi, 'sent a message in Beach Saturday'],
    ]);
    expect((await rowsOf(svc, bola)).map((r) => [r.entityId, r.actorId, r.message])).toEqual([
      [beach, chidi, 'sent a message in Beach Saturday'],
    ]);
    expect((await rowsOf(svc, chidi)).map((r) => r.actorId)).toEqual([bola]);
  });

  it('reads the notification when the recipient reads the conversation up to its message, not before', async () => {
    const [ada, bola] = [nextId(), nextId()];
    const conversation = someId();
    const { payload } = await sendMessage(svc, conversation, bola, [ada, bola]);
    const messageId = payload.message.id;
    await read(conversation, ada, messageId - 1, [ada, bola]);
    expect(await unread(ada)).toBe(1);
    // Bola reading changes nothing of Ada's.
    await read(conversation, bola, messageId, [ada, bola]);
    expect(await unread(ada)).toBe(1);
    await read(conversation, ada, messageId, [ada, bola]);
    expect(await unread(ada)).toBe(0);
    expect((await rowsOf(svc, ada))[0]).toMatchObject({ readAt: expect.any(Date), seenAt: expect.any(Date) });
    // A newer message makes it unread again; reading past it reads it again.
    const next = await sendMessage(svc, conversation, bola, [ada, bola]);
    expect(await unread(ada)).toBe(1);
    await read(conversation, ada, next.payload.message.id + 10, [ada, bola]);
    expect(await unread(ada)).toBe(0);
  });

  it('makes none with the Messages switch off, none from a muted member, none between a blocked pair', async () => {
    const [ada, muted, blocked, friend] = [nextId(), nextId(), nextId(), nextId()];
    await deliver(svc, 'settings.mutes-changed', { userId: ada, memberIds: [muted], words: [] }, ada, ada);
    await deliver(svc, 'member.blocked', { blockerId: blocked, blockedId: ada }, friendPairKey(ada, blocked), blocked);
    await sendMessage(svc, someId(), muted, [ada, muted]);
    await sendMessage(svc, someId(), blocked, [ada, blocked]);
    await sendMessage(svc, someId(), friend, [ada, friend]);
    expect((await rowsOf(svc, ada)).map((r) => r.actorId)).toEqual([friend]);
    // The mute is Ada's alone: the muted member still hears from her.
    await sendMessage(svc, someId(), ada, [ada, muted]);
    expect(await rowsOf(svc, muted)).toHaveLength(1);

    const quiet = nextId();
    await setNotificationSettings(svc, quiet, { inappMessages: false });
    await sendMessage(svc, someId(), friend, [quiet, friend]);
    expect(await rowsOf(svc, quiet)).toEqual([]);
    expect(await announcedTo(svc, quiet)).toEqual([]);
  });

  it('reads the Messages switch as on from settings announced before it existed', async () => {
    const me = nextId();
    await setNotificationSettings(svc, me, { inappMessages: false });
    // The tab as the settings service announced it before messages: no inappMessages at all.
    const older = {
      userId: me,
      inappLikes: false,
      inappComments: true,
      inappMentions: true,
      inappFriendRequests: true,
      inappGroupActivity: true,
      inappPayments: true,
      emailDigest: false,
      emailSecurity: true,
    };
    const envelope = buildEnvelope({ type: 'settings.notifications-changed', aggregateId: me, actorId: me, payload: older as never });
    await svc.adapters.bus.publish([
      { topic: topicOf('settings.notifications-changed'), key: String(me), value: JSON.stringify(envelope) },
    ]);
    await eventually(() => processed(svc, envelope.id));
    expect(await notificationSettingsOf(svc.tables, svc.ctx.db, me)).toMatchObject({ inappLikes: false, inappMessages: true });
    await sendMessage(svc, someId(), nextId(), [me]);
    expect(await rowsOf(svc, me)).toHaveLength(1);
  });

  it("goes with the member's other notifications when their account is erased", async () => {
    const [ada, bola, chidi] = [nextId(), nextId(), nextId()];
    await sendMessage(svc, someId(), bola, [ada, bola]);
    await sendMessage(svc, someId(), ada, [ada, chidi]);
    await deliver(svc, 'user.deleted', { userId: ada, profileFiles: [] }, ada, ada);
    expect(await rowsOf(svc, ada)).toEqual([]);
    // Notifications from the erased member go too (the rule for every type: decision 034).
    expect(await rowsOf(svc, chidi)).toEqual([]);
    expect(await rowsOf(svc, bola)).toEqual([]);
    // The next message makes a fresh one for the members still here.
    await sendMessage(svc, someId(), chidi, [bola, chidi]);
    expect(await rowsOf(svc, bola)).toHaveLength(1);
  });

  it('is in the payload the projection expects (sentMessage builds what the registry accepts)', () => {
    const payload = sentMessage(1, 2, [2, 3], { title: 'Trip' });
    expect(payload.notifyIds).toEqual([3]);
  });
});
