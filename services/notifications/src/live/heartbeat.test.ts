import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { heartbeatTicks, startHeartbeat } from './heartbeat.js';
import { LiveHub } from './hub.js';
import type { Presence } from './presence.js';

/** A socket that counts its pings and whether it was dropped. */
function fakeSocket() {
  const socket = { readyState: WebSocket.OPEN, pings: 0, terminated: false, on() {}, once() {} };
  return Object.assign(socket, {
    ping: () => void socket.pings++,
    terminate: () => void (socket.terminated = true),
  });
}

function hubWith(userIds: number[]) {
  const hub = new LiveHub({ maxSocketsPerMember: 5, log: pino({ level: 'silent' }) });
  const sockets = new Map<number, ReturnType<typeof fakeSocket>>();
  const open = (id: number) => {
    sockets.set(id, fakeSocket());
    return hub.open(sockets.get(id) as unknown as WebSocket, id, 's');
  };
  const conns = new Map(userIds.map((id) => [id, open(id)]));
  return { hub, sockets, conns, open };
}

/** Runs a heartbeat of `everyMs` on fake timers, recording each tick's presence refresh. */
function ticking(hub: LiveHub, everyMs: number) {
  const refreshed: number[][] = [];
  const presence = { refresh: async (members: number[]) => void refreshed.push(members) } as unknown as Presence;
  return { refreshed, stop: startHeartbeat(hub, presence, everyMs) };
}

afterEach(() => vi.useRealTimers());

describe('the spread heartbeat', () => {
  it('cuts an interval into ticks of about 100 ms, at least one', () => {
    expect(heartbeatTicks(25_000)).toBe(250);
    expect(heartbeatTicks(1_000)).toBe(10);
    expect(heartbeatTicks(300)).toBe(3);
    expect(heartbeatTicks(50)).toBe(1);
  });

  it('pings an equal share of the members each tick, every socket once a round, and refreshes their presence', () => {
    vi.useFakeTimers();
    const ids = Array.from({ length: 40 }, (_, i) => 1_000 + i * 7);
    const { hub, sockets } = hubWith(ids);
    const { refreshed, stop } = ticking(hub, 2_000); // 20 ticks, one every 100 ms
    vi.advanceTimersByTime(99);
    expect(refreshed).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(refreshed).toEqual([ids.slice(0, 2)]);
    expect([...sockets.values()].filter((s) => s.pings === 1)).toHaveLength(2);
    vi.advanceTimersByTime(1_900);
    expect(refreshed).toHaveLength(20);
    expect(refreshed.every((members) => members.length === 2)).toBe(true);
    expect(refreshed.flat()).toEqual(ids);
    expect([...sockets.values()].every((s) => s.pings === 1)).toBe(true);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(refreshed).toHaveLength(20);
  });

  it('drops a socket that missed its pong at its next turn, a round later, and leaves it out of presence', () => {
    vi.useFakeTimers();
    const { hub, sockets, conns } = hubWith([10, 20]);
    const { refreshed, stop } = ticking(hub, 200); // 2 ticks: 10, then 20
    vi.advanceTimersByTime(200);
    expect(refreshed).toEqual([[10], [20]]);
    conns.get(10)!.alive = true; // 10 answered its ping, 20 did not
    vi.advanceTimersByTime(100);
    expect(sockets.get(10)!.pings).toBe(2);
    expect(sockets.get(20)!.terminated).toBe(false); // not its turn yet
    vi.advanceTimersByTime(100);
    expect(sockets.get(20)!.terminated).toBe(true);
    expect(sockets.get(10)!.terminated).toBe(false);
    expect(refreshed.slice(2)).toEqual([[10], []]);
    stop();
  });

  it('adds a member who connects mid-round to the end of the round, pinged within the interval; skips one who left', () => {
    vi.useFakeTimers();
    const { hub, sockets, conns, open } = hubWith([1, 2, 3, 4]);
    const { refreshed, stop } = ticking(hub, 400); // 4 ticks
    vi.advanceTimersByTime(100);
    const late = open(5);
    hub.registry.remove(conns.get(3)!); // 3 closed its tab
    vi.advanceTimersByTime(300);
    // Shares of what is left: [2, 3, 4, 5] over 3 ticks, then the rest; 3 is gone.
    expect(refreshed).toEqual([[1], [2], [4], [5]]);
    expect(sockets.get(5)!.pings).toBe(1);
    expect(sockets.get(3)!.pings).toBe(0); // gone before its turn: skipped
    for (const conn of [...conns.values(), late]) conn.alive = true; // every tab answered its ping
    vi.advanceTimersByTime(400);
    expect(refreshed.slice(4)).toEqual([[1], [2], [4], [5]]);
    stop();
  });

  it('pings a member who left and came back within a round once, and does not drop the new socket', () => {
    vi.useFakeTimers();
    const { hub, sockets, conns, open } = hubWith([2, 1]);
    const { refreshed, stop } = ticking(hub, 1_000); // 10 ticks: 2 at the first, then 1
    vi.advanceTimersByTime(100);
    hub.registry.remove(conns.get(1)!);
    open(1); // 1 is listed twice now: in the round's list and as a joiner at its end
    vi.advanceTimersByTime(200);
    expect(refreshed).toEqual([[2], [1], [1]]);
    // Pinged at its first turn; at its second, 100 ms later, its pong is not back and it stays.
    expect(sockets.get(1)!.pings).toBe(1);
    expect(sockets.get(1)!.terminated).toBe(false);
    stop();
  });

  it('spreads a reconnect storm over the rest of the round', () => {
    vi.useFakeTimers();
    const { hub, open } = hubWith([]);
    const { refreshed, stop } = ticking(hub, 1_000); // 10 ticks
    vi.advanceTimersByTime(100);
    for (let id = 1; id <= 90; id++) open(id);
    vi.advanceTimersByTime(900);
    expect(refreshed.slice(1).map((members) => members.length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10]);
    stop();
  });
});
