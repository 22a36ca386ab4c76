import { topicOf } from '@kora/contracts';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform';
import { eventually, testEnv } from '@kora/testing';
import { refusedHandshake } from '@kora/testing/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createdEvents,
  like,
  listenForSockets,
  listOf,
  liveFeedReady,
  memberIds,
  openSocket,
  publish,
  registerMember,
  startNotifications,
  startSecondInstance,
  type LiveSocket,
  type NotificationsTestService,
  type SecondInstance,
} from '../test-support.js';

describe(`/ws live notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
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

  async function open(url: string, userId: number, sessionId = `s-${userId}`): Promise<LiveSocket> {
    const socket = await openSocket(url, svc.as({ userId, sessionId }));
    sockets.push(socket);
    return socket;
  }

  it('refuses a handshake without a valid identity with 401, before upgrading', async () => {
    const anonymous = await refusedHandshake(wsUrl);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ code: 'UNAUTHENTICATED' });
    const forged = signIdentity({ userId: nextId(), role: 'user', sessionId: 's' }, 'not-the-internal-secret-at-all');
    expect((await refusedHandshake(wsUrl, { headers: { [IDENTITY_HEADER]: forged } })).status).toBe(401);
    const expired = signIdentity({ userId: nextId(), role: 'user', sessionId: 's' }, testEnv().INTERNAL_SECRET, Date.now() - 120_000);
    expect((await refusedHandshake(wsUrl, { headers: { [IDENTITY_HEADER]: expired } })).status).toBe(401);
  });

  it("says 'ready' with the unread count and the newest id it covers, then pushes each new notification", async () => {
    const [me, actor] = [nextId(), nextId()];
    const nobody = await open(wsUrl, nextId());
    expect(nobody.messages).toEqual([{ type: 'ready', unread: 0, newestId: 0 }]);
    await registerMember(svc, actor, { firstname: 'Ngozi', lastname: 'Eze' });
    await like(svc, me, actor);
    await like(svc, me, nextId());
    const tab = await open(wsUrl, me);
    const newest = (await listOf(client(svc), me))[0]!.id;
    expect(tab.messages).toEqual([{ type: 'ready', unread: 2, newestId: newest }]);

    await like(svc, me, actor);
    await eventually(() => tab.pushed().length === 1);
    const [created] = (await createdEvents(svc)).filter((e) => e.payload.recipientId === me).slice(-1);
    expect(tab.pushed()).toEqual([created!.payload.notification]);
    expect(tab.pushed()[0]).toMatchObject({ type: 'post_like', actorId: actor, actorName: 'Ngozi Eze', readAt: null });
  });

  it('gives each tab each notification exactly once, with tabs on two instances, even when the bus redelivers', async () => {
    const me = nextId();
    const tabs = [await open(wsUrl, me), await open(wsUrl, me), await open(second.wsUrl, me), await open(second.wsUrl, me)];
    const someoneElse = await open(second.wsUrl, nextId());

    await like(svc, me, nextId());
    await eventually(() => tabs.every((t) => t.pushed().length === 1));
    // The bus hands the same message over again (as Kafka may after a rebalance)...
    const [first] = (await createdEvents(svc)).filter((e) => e.payload.recipientId === me);
    const outbox = (await svc.ctx.db.select().from(svc.ctx.tables.outbox)).find((r) => r.id === first!.id)!;
    await svc.adapters.bus.publish([{ topic: topicOf('notification.created'), key: outbox.key, value: JSON.stringify(outbox.envelope) }]);
    // ...and then a new one comes, on the same key, so after it the copy has certainly been handled.
    await like(svc, me, nextId());
    await eventually(() => tabs.every((t) => t.pushed().length >= 2));
    await new Promise((r) => setTimeout(r, 200));

    const ids = (await createdEvents(svc)).filter((e) => e.payload.recipientId === me).map((e) => e.payload.notification.id);
    expect(ids).toHaveLength(2);
    for (const tab of tabs) expect(tab.pushed().map((n) => n.id)).toEqual(ids);
    expect(someoneElse.pushed()).toEqual([]);
  });

  it('closes the sockets of a revoked session with 4001, and only those', async () => {
    const me = nextId();
    const [revoked, alsoRevoked, kept] = [
      await open(wsUrl, me, 'phone'),
      await open(second.wsUrl, me, 'phone'),
      await open(wsUrl, me, 'laptop'),
    ];
    await publish(svc, 'session.revoked', { userId: me, sessionId: 'phone' }, me, me);
    expect(await revoked.closed).toEqual({ code: 4001, reason: 'session revoked' });
    expect(await alsoRevoked.closed).toEqual({ code: 4001, reason: 'session revoked' });

    await like(svc, me, nextId());
    await eventually(() => kept.pushed().length === 1);
    expect(revoked.pushed()).toEqual([]);
  });

  it('counts a notification made while the socket was opening once: in ready or pushed, never both', async () => {
    const me = nextId();
    const likes = Promise.all([like(svc, me, nextId()), like(svc, me, nextId()), like(svc, me, nextId())]);
    const tab = await open(wsUrl, me);
    await likes;
    await eventually(async () => (await client(svc).get('/api/notifications/unread-count', me)).json().count === 3);
    const ready = tab.messages[0]!;
    expect(ready.type).toBe('ready');
    const counted = () => (ready.type === 'ready' ? ready.unread : 0) + tab.pushed().length;
    // Pushes travel through the outbox and the bus (Kafka on real servers): wait for them all, then a
    // little longer, so a notification counted twice would have arrived too.
    await eventually(() => counted() >= 3);
    await new Promise((r) => setTimeout(r, 500));
    expect(counted()).toBe(3);
  });

  it('sends a socket that names the newest id it saw (?after=) what came after it, right after ready', async () => {
    const me = nextId();
    for (let i = 0; i < 5; i++) await like(svc, me, nextId());
    const oldestFirst = (await listOf(client(svc), me)).map((n) => n.id).reverse();
    const [seen, ...missed] = oldestFirst.slice(2);
    // Read elsewhere meanwhile: still sent, not counted.
    expect((await client(svc).post('/api/notifications/mark-read', me, { ids: [missed[0]] })).statusCode).toBe(200);

    const tab = await open(`${wsUrl}?after=${seen}`, me);
    expect(tab.messages[0]).toEqual({ type: 'ready', unread: 3, newestId: missed[1] });
    expect(tab.pushed().map((n) => n.id)).toEqual(missed);
    expect(tab.pushed()[0]!.readAt).not.toBeNull();
    // Once each: a later one still arrives live, the missed ones never again.
    await like(svc, me, nextId());
    await eventually(() => tab.pushed().length === 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(new Set(tab.pushed().map((n) => n.id)).size).toBe(3);

    // Nothing after it, or a value that is no id: 'ready' counts everything, nothing is sent again.
    const newest = tab.pushed()[2]!.id;
    for (const query of [`?after=${newest}`, '?after=abc', '?after=-4', '?after=', '?after=00']) {
      const other = await open(`${wsUrl}${query}`, me);
      expect(other.messages, query).toEqual([{ type: 'ready', unread: 5, newestId: newest }]);
    }
  });

  it("catches up a tab whose 'ready' covered no notification (?after=0): everything is sent after 'ready'", async () => {
    const me = nextId();
    const first = await open(wsUrl, me);
    expect(first.messages).toEqual([{ type: 'ready', unread: 0, newestId: 0 }]);
    first.ws.close();
    await first.closed;
    await like(svc, me, nextId());
    await like(svc, me, nextId());
    const back = await open(`${wsUrl}?after=0`, me);
    const oldestFirst = (await listOf(client(svc), me)).map((n) => n.id).reverse();
    expect(back.messages[0]).toEqual({ type: 'ready', unread: 0, newestId: oldestFirst[1] });
    expect(back.pushed().map((n) => n.id)).toEqual(oldestFirst);
  });
});

describe(`/ws socket limits (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  let wsUrl: string;
  const nextId = memberIds();

  beforeAll(async () => {
    // Short enough to see several heartbeats in a test, long enough that a busy test machine's
    // event-loop stalls do not make a live socket miss its pong.
    svc = await startNotifications({ env: { NOTIFICATIONS_HEARTBEAT_MS: '300', NOTIFICATIONS_MAX_SOCKETS_PER_MEMBER: '2' } });
    wsUrl = await listenForSockets(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("closes a member's oldest socket (4002) when they open more than allowed", async () => {
    const me = nextId();
    const oldest = await openSocket(wsUrl, svc.as({ userId: me }));
    const middle = await openSocket(wsUrl, svc.as({ userId: me }));
    const newest = await openSocket(wsUrl, svc.as({ userId: me }));
    expect(await oldest.closed).toEqual({ code: 4002, reason: 'too many connections' });
    expect(svc.handle.live.registry.of(me)?.size).toBe(2);
    for (const s of [middle, newest]) s.ws.close();
    await eventually(() => svc.handle.live.registry.of(me) === undefined);
  });

  it('keeps answering sockets alive and drops one that stops answering pings', async () => {
    const [quiet, chatty] = [nextId(), nextId()];
    const gone = await openSocket(wsUrl, svc.as({ userId: quiet }));
    const alive = await openSocket(wsUrl, svc.as({ userId: chatty }));
    // A client that stopped reading (a sleeping laptop): it never answers a ping.
    (gone.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    await eventually(() => svc.handle.live.registry.of(quiet) === undefined, 15_000);
    await new Promise((r) => setTimeout(r, 1_200)); // several more heartbeats
    expect(svc.handle.live.registry.of(chatty)?.size).toBe(1);
    alive.ws.close();
  });
});
