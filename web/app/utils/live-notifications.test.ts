import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeNotification } from '~/components/notifications/test-notification';
import {
  catchUpUrl,
  connectLiveNotifications,
  reconnectDelay,
  RECONNECT_MAX_MS,
  RECONNECT_MIN_MS,
  socketUrl,
  type LiveNotificationsOptions,
  type SessionCheck,
  type SocketLike,
} from './live-notifications';

class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  close(code?: number) {
    this.closedWith = code;
  }
  /** The server accepts the handshake and says how many are unread (and, when given, the newest id that covers). */
  accept(unread = 0, newestId?: number) {
    this.onopen?.();
    this.send({ type: 'ready', unread, newestId });
  }
  send(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];

function connect(overrides: Partial<LiveNotificationsOptions> = {}) {
  const calls = { ready: [] as number[], notifications: [] as number[], statuses: [] as string[], refreshes: 0 };
  const connection = connectLiveNotifications({
    url: 'ws://kora.test/ws',
    onReady: (unread) => calls.ready.push(unread),
    onNotification: (notification) => calls.notifications.push(notification.id),
    onStatus: (status) => calls.statuses.push(status),
    refreshSession: async () => {
      calls.refreshes += 1;
      return 'ok';
    },
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 0.5, // no jitter: delays are exactly 1 s, 2 s, 4 s…
    ...overrides,
  });
  return { connection, calls };
}

const last = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('starts at 1 s and doubles up to 30 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => reconnectDelay(attempt, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads retries by ±25 % and stays within 1 s and 30 s', () => {
    expect(reconnectDelay(2, () => 0)).toBe(3_000);
    expect(reconnectDelay(2, () => 1)).toBe(5_000);
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_MIN_MS);
    expect(reconnectDelay(9, () => 1)).toBe(RECONNECT_MAX_MS);
  });
});

describe('socketUrl', () => {
  it('uses the page origin, wss on https', () => {
    expect(socketUrl({ protocol: 'https:', host: 'kora.example' })).toBe('wss://kora.example/ws');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
  });
});

describe('catchUpUrl', () => {
  it('adds after= once anything is known (0 included), keeping any query', () => {
    expect(catchUpUrl('ws://kora.test/ws', null)).toBe('ws://kora.test/ws');
    expect(catchUpUrl('ws://kora.test/ws', 0)).toBe('ws://kora.test/ws?after=0');
    expect(catchUpUrl('ws://kora.test/ws', 42)).toBe('ws://kora.test/ws?after=42');
    expect(catchUpUrl('ws://kora.test/ws?x=1', 42)).toBe('ws://kora.test/ws?x=1&after=42');
  });
});

describe('connectLiveNotifications', () => {
  it('reports the unread count on ready and passes new notifications on', () => {
    const { calls } = connect();
    expect(last().url).toBe('ws://kora.test/ws');
    last().accept(4);
    last().send({ type: 'notification:new', notification: makeNotification(9) });
    last().send({ type: 'something-else' });
    last().onmessage?.({ data: 'not json' });
    expect(calls.ready).toEqual([4]);
    expect(calls.notifications).toEqual([9]);
    expect(calls.statuses).toEqual(['connecting', 'live']);
  });

  it("passes the conversations' frames on apart from notifications", () => {
    const frames: string[] = [];
    const { calls } = connect({ onConversationFrame: (frame) => frames.push(frame.type) });
    last().accept(0);
    last().send({ type: 'conversation:typing', conversationId: 3, userId: 4 });
    last().send({ type: 'conversation:read', conversationId: 3, userId: 4, readUpTo: 'x' });
    last().send({ type: 'conversation:changed', conversationId: 3 });
    expect(frames).toEqual(['conversation:typing', 'conversation:changed']);
    expect(calls.notifications).toEqual([]);
  });

  it('reconnects after a drop with a growing delay, reset by the next ready (which triggers a catch-up)', async () => {
    const { calls } = connect();
    last().accept(0);
    last().drop();
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);

    last().onopen?.();
    last().drop(); // opened, then dropped before ready: the next wait doubles
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);

    last().accept(2);
    expect(calls.ready).toEqual([0, 2]);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(4);
    expect(calls.refreshes).toBe(0);
  });

  it('reopens a dropped socket asking for what came after the newest notification it was sent', async () => {
    const { calls } = connect();
    last().accept(1);
    last().drop(); // before any notification: nothing to name
    await vi.advanceTimersByTimeAsync(1_000);
    expect(last().url).toBe('ws://kora.test/ws');
    last().accept(1);
    last().send({ type: 'notification:new', notification: makeNotification(12) });
    last().send({ type: 'notification:new', notification: makeNotification(7) });
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(last().url).toBe('ws://kora.test/ws?after=12');
    // The server sends the missed ones after 'ready': they arrive like live ones.
    last().accept(0);
    last().send({ type: 'notification:new', notification: makeNotification(13) });
    expect(calls.notifications).toEqual([12, 7, 13]);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(last().url).toBe('ws://kora.test/ws?after=13');
  });

  it("catches up from the newest id a 'ready' covered, even when it was sent no notification", async () => {
    const { calls } = connect();
    last().accept(0, 0); // a member with no notification yet
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(last().url).toBe('ws://kora.test/ws?after=0');
    last().accept(0, 5);
    last().send({ type: 'notification:new', notification: makeNotification(4) }); // missed, sent after 'ready'
    expect(calls.notifications).toEqual([4]);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(last().url).toBe('ws://kora.test/ws?after=5');
    // A 'ready' naming an older id (another instance's view) never moves the mark back.
    last().accept(0, 3);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(last().url).toBe('ws://kora.test/ws?after=5');
  });

  it('renews the session before reconnecting when the handshake is refused', async () => {
    const order: string[] = [];
    let resolve!: (check: SessionCheck) => void;
    connect({
      refreshSession: () => {
        order.push('refresh');
        return new Promise((done) => (resolve = done));
      },
    });
    last().drop(); // closed before it ever opened
    await vi.advanceTimersByTimeAsync(5_000);
    expect(order).toEqual(['refresh']);
    expect(sockets).toHaveLength(1); // waits for the refresh
    resolve('ok');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('renews the session when an open socket closes with an authentication code', async () => {
    const { calls } = connect();
    last().accept(0);
    last().drop(4001);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('keeps trying when the refresh itself fails', async () => {
    connect({ refreshSession: () => Promise.reject(new Error('offline')) });
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('stops for good when the member is signed out', async () => {
    const { calls } = connect({ refreshSession: async () => 'signed-out' });
    last().drop(4001);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(calls.statuses.at(-1)).toBe('stopped');
  });

  it('closes the socket and schedules nothing more when closed', async () => {
    const { connection } = connect();
    last().accept(0);
    const socket = last();
    connection.close();
    expect(socket.closedWith).toBe(1000);
    socket.drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('waits for retryNow after being closed to make room for another tab', async () => {
    const { connection, calls } = connect();
    last().accept(0);
    last().drop(4002);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
    expect(calls.refreshes).toBe(0);
    connection.retryNow(); // the tab is shown again
    expect(sockets).toHaveLength(2);
  });

  it('retries at once when asked during a wait', async () => {
    const { connection } = connect();
    last().accept(0);
    last().drop();
    connection.retryNow();
    expect(sockets).toHaveLength(2);
    connection.retryNow(); // not waiting now: nothing happens
    expect(sockets).toHaveLength(2);
  });
});
