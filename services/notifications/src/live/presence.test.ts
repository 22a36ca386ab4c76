import { notificationTexts, type Presence } from '@kora/contracts';
import { eventually } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  listenForSockets,
  memberIds,
  openSocket,
  setPrivacy,
  startNotifications,
  startSecondInstance,
  type LiveSocket,
  type NotificationsTestService,
  type SecondInstance,
} from '../test-support.js';

// Heartbeats every second and a presence TTL of 3 s, so a crashed instance's members go offline
// within the test's patience. Not shorter: a socket whose pong is not back by its next ping is
// dropped, and this test's own process (the client's end) can stall for a few hundred milliseconds
// on a loaded machine; with 200 ms beats a stall dropped the only socket and the member never came
// online (an embedded-stage run).
const env = { ...process.env, NOTIFICATIONS_HEARTBEAT_MS: '1000', NOTIFICATIONS_PRESENCE_TTL_MS: '3000' };

describe(`presence (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  let second: SecondInstance;
  let api: ReturnType<typeof client>;
  let wsUrl: string;
  const nextId = memberIds();
  const sockets: LiveSocket[] = [];

  beforeAll(async () => {
    svc = await startNotifications({ env });
    api = client(svc);
    wsUrl = await listenForSockets(svc);
    second = await startSecondInstance(svc, { env });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await second?.running.stop();
    await svc?.close();
  });

  async function open(url: string, userId: number): Promise<LiveSocket> {
    const socket = await openSocket(url, svc.as({ userId }));
    sockets.push(socket);
    return socket;
  }
  const presence = async (viewer: number, ids: number[]) => {
    const res = await api.get(`/api/presence?ids=${ids.join(',')}`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Presence[]>();
  };
  const onlineOf = async (viewer: number, id: number) => (await presence(viewer, [id]))[0]!.online;
  /** Reads through the OTHER instance: presence is shared, not per instance. */
  const onlineViaSecond = async (viewer: number, id: number) => {
    const res = await fetch(`${second.running.url}/api/presence?ids=${id}`, { headers: svc.as({ userId: viewer }) });
    return ((await res.json()) as Presence[])[0]!.online;
  };

  it('online while at least one socket is open, on any instance; offline when the last one closes', async () => {
    const [member, viewer] = [nextId(), nextId()];
    expect(await presence(viewer, [member, viewer])).toEqual([
      { userId: member, online: false },
      { userId: viewer, online: false },
    ]);
    const tabA = await open(wsUrl, member);
    await eventually(() => onlineViaSecond(viewer, member));
    const tabB = await open(second.wsUrl, member);
    tabA.ws.close();
    await tabA.closed;
    // Still open on the second instance: still online, seen from either.
    await new Promise((r) => setTimeout(r, 300));
    expect(await onlineOf(viewer, member)).toBe(true);
    expect(await onlineViaSecond(viewer, member)).toBe(true);
    tabB.ws.close();
    await tabB.closed;
    await eventually(async () => !(await onlineOf(viewer, member)) && !(await onlineViaSecond(viewer, member)), 15_000);
  });

  it("a crashed instance's members go offline when its keys expire", async () => {
    const [member, viewer] = [nextId(), nextId()];
    const third = await startSecondInstance(svc, { env });
    await open(third.wsUrl, member);
    await eventually(() => onlineOf(viewer, member));
    // A crash: its keys are no longer refreshed (the heartbeat stops), nothing deletes them.
    third.handle.presence.refresh = async () => {};
    third.handle.presence.offline = () => {};
    third.handle.presence.stop = async () => {};
    await third.running.stop();
    await eventually(async () => !(await onlineOf(viewer, member)), 10_000);
  });

  it('shows a member online only when both they and the viewer show their online status', async () => {
    const [member, viewer, hidden] = [nextId(), nextId(), nextId()];
    await open(wsUrl, member);
    await open(wsUrl, hidden);
    await open(wsUrl, viewer);
    await eventually(() => onlineOf(viewer, member));
    await setPrivacy(svc, hidden, { showOnline: false });
    expect(await presence(viewer, [member, hidden])).toEqual([
      { userId: member, online: true },
      { userId: hidden, online: false },
    ]);
    // Hiding their own status, a member sees nobody's.
    expect(await presence(hidden, [member, viewer])).toEqual([
      { userId: member, online: false },
      { userId: viewer, online: false },
    ]);
    await setPrivacy(svc, hidden, { showOnline: true });
    expect(await presence(viewer, [hidden])).toEqual([{ userId: hidden, online: true }]);
  });

  it('answers each id once, in the order asked', async () => {
    const [a, b] = [nextId(), nextId()];
    expect((await presence(a, [b, a, b])).map((p) => p.userId)).toEqual([b, a]);
  });

  it('refuses bad ids with 400 and anonymous callers with 401', async () => {
    const me = nextId();
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const query of [
      '',
      '?ids=',
      '?ids=abc',
      '?ids=1,,2',
      '?ids=0',
      '?ids=-1',
      '?ids=1.5',
      `?ids=${tooMany}`,
      '?ids=99999999999999999',
    ]) {
      const res = await api.get(`/api/presence${query}`, me);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await api.get('/api/presence?ids=abc', me)).json().message).toBe(notificationTexts.presenceIdsInvalid);
    expect((await api.get(`/api/presence?ids=${Array.from({ length: 100 }, (_, i) => i + 1).join(',')}`, me)).statusCode).toBe(200);
    expect((await api.get('/api/presence?ids=1', null)).statusCode).toBe(401);
  });
});
