import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { heartbeatSlices, startHeartbeat } from './heartbeat.js';
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
  const sockets = new Map(userIds.map((id) => [id, fakeSocket()]));
  const conns = new Map(userIds.map((id) => [id, hub.open(sockets.get(id) as unknown as WebSocket, id, 's')]));
  return { hub, sockets, conns };
}

afterEach(() => vi.useRealTimers());

describe('the spread heartbeat', () => {
  it('cuts an interval into ticks of about 500 ms, at least one', () => {
    expect(heartbeatSlices(25_000)).toBe(50);
    expect(heartbeatSlices(1_000)).toBe(2);
    expect(heartbeatSlices(300)).toBe(1);
    expect(heartbeatSlices(50)).toBe(1);
  });

  it('pings each member in one slice only, so a full round pings every socket once', () => {
    const ids = Array.from({ length: 100 }, (_, i) => 1_000 + i);
    const { hub, sockets } = hubWith(ids);
    const first = hub.heartbeat(0, 10);
    expect(first.sort()).toEqual(ids.filter((id) => id % 10 === 0));
    expect([...sockets.values()].filter((s) => s.pings === 1)).toHaveLength(10);
    for (let slice = 1; slice < 10; slice++) hub.heartbeat(slice, 10);
    expect([...sockets.values()].every((s) => s.pings === 1)).toBe(true);
  });

  it("drops a socket that missed its pong at its slice's next turn, and leaves it out of presence", () => {
    const { hub, sockets, conns } = hubWith([10, 20, 11]);
    expect(hub.heartbeat(0, 2).sort()).toEqual([10, 20]);
    conns.get(10)!.alive = true; // 10 answered its ping, 20 did not
    expect(hub.heartbeat(1, 2)).toEqual([11]); // another slice: 20 is not judged yet
    expect(sockets.get(20)!.terminated).toBe(false);
    expect(hub.heartbeat(0, 2)).toEqual([10]);
    expect(sockets.get(20)!.terminated).toBe(true);
    expect(sockets.get(10)!.terminated).toBe(false);
    expect(sockets.get(10)!.pings).toBe(2);
  });

  it('ticks a slice apart and refreshes presence with each slice, every member once per interval', () => {
    vi.useFakeTimers();
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    const { hub } = hubWith(ids);
    const refreshed: number[][] = [];
    const presence = { refresh: async (members: number[]) => void refreshed.push(members) } as unknown as Presence;
    const stop = startHeartbeat(hub, presence, 2_000); // 4 slices, a tick every 500 ms
    vi.advanceTimersByTime(499);
    expect(refreshed).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(refreshed).toHaveLength(1);
    vi.advanceTimersByTime(1_500);
    expect(refreshed).toHaveLength(4);
    expect(refreshed.map((members) => members.length)).toEqual([10, 10, 10, 10]);
    expect(refreshed.flat().sort((a, b) => a - b)).toEqual(ids);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(refreshed).toHaveLength(4);
  });
});
