import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Connection } from './connection.js';
import { RecentIds } from './recent-ids.js';
import { SocketRegistry } from './registry.js';

const conn = (userId: number, sessionId = 's') => new Connection({} as WebSocket, userId, sessionId);

describe('SocketRegistry', () => {
  it("keeps sockets by member, evicts a member's oldest beyond the cap, and forgets empty members", () => {
    const registry = new SocketRegistry(2);
    const [a1, a2, a3, b1] = [conn(1), conn(1), conn(1), conn(2)];
    expect(registry.add(a1)).toBeNull();
    expect(registry.add(a2)).toBeNull();
    expect(registry.add(b1)).toBeNull();
    expect(registry.add(a3)).toBe(a1);
    expect([...registry.of(1)!]).toEqual([a2, a3]);
    expect(registry.counts()).toEqual({ members: 2, sockets: 3 });
    expect(registry.remove(a1)).toBe(false); // already evicted: counted once
    for (const c of [a2, a3, b1]) expect(registry.remove(c)).toBe(true);
    expect(registry.of(1)).toBeUndefined();
    expect(registry.counts()).toEqual({ members: 0, sockets: 0 });
    expect([...registry.memberIds()]).toEqual([]);
  });
});

describe('RecentIds', () => {
  it('says yes once per id and forgets the oldest beyond its capacity', () => {
    const recent = new RecentIds(3);
    expect([1, 2, 1, 3].map((id) => recent.firstTime(id))).toEqual([true, true, false, true]);
    expect(recent.firstTime(4)).toBe(true); // 1 is forgotten now
    expect(recent.size).toBe(3);
    expect(recent.firstTime(1)).toBe(true);
    expect(recent.firstTime(4)).toBe(false);
  });
});
