/**
 * The heartbeat of one instance's sockets, spread over its interval. Pinging every socket and
 * refreshing every member's presence key in one pass made a burst the size of the instance (20,000
 * pings and 20,000 store writes at once) that held the event loop every interval, and a
 * notification arriving meanwhile waited behind it (the sockets bench's like-to-socket p99: 2.3 s).
 *
 * So a round starts by listing the members held, and each tick, ~100 ms apart, handles the next
 * equal share of that list: every socket is still pinged once per interval, a socket that missed
 * its pong is still dropped at its next turn, and each member's presence is still refreshed once
 * per interval. A member who connects mid-round joins the next round: their socket starts alive
 * and `online()` wrote their presence key with a TTL of three intervals, so nothing lapses.
 */
import type { LiveHub } from './hub.js';
import type { Presence } from './presence.js';

/**
 * The time between ticks: a tick's share must stay a few milliseconds of work (a ping is one
 * socket write, ~70 µs on a busy 2-core machine), so at 50,000 sockets and a 25 s interval, 200.
 */
const TICK_MS = 100;

/** How many ticks a round of `everyMs` is cut into: one every ~100 ms, at least one. */
export function heartbeatTicks(everyMs: number): number {
  return Math.max(1, Math.round(everyMs / TICK_MS));
}

/** Starts the ticks; the answer stops them. */
export function startHeartbeat(hub: LiveHub, presence: Presence, everyMs: number): () => void {
  const ticks = heartbeatTicks(everyMs);
  let round: number[] = [];
  let tick = 0;
  const timer = setInterval(() => {
    if (tick === 0) {
      round = [...hub.registry.memberIds()];
      hub.logCounts();
    }
    const share = Math.ceil(round.length / ticks);
    const members = round.slice(tick * share, (tick + 1) * share);
    tick = (tick + 1) % ticks;
    void presence.refresh(hub.heartbeat(members));
  }, everyMs / ticks);
  timer.unref();
  return () => clearInterval(timer);
}
