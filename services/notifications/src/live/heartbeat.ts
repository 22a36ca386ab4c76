/**
 * The heartbeat of one instance's sockets, spread over its interval. Pinging every socket and
 * refreshing every member's presence key in one pass made a burst the size of the instance (20,000
 * pings and 20,000 store writes at once) that held the event loop every interval, and a
 * notification arriving meanwhile waited behind it (the sockets bench's like-to-socket p99: 2.3 s).
 *
 * So a round starts by listing the members held, and each tick, ~100 ms apart, handles an equal
 * share of what is left of the list. Members who connect mid-round are added to its end, so a new
 * socket's first ping still comes within one interval (proxies' 30-60 s idle timeouts), and a
 * reconnect storm after a deploy is spread over the rest of the round too. Every socket is pinged
 * once per interval, a socket that missed its pong is dropped at its next turn, and each member's
 * presence is refreshed once per interval, as when it was one pass.
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
export function startHeartbeat(hub: LiveHub, presence: Presence, everyMs: number, now: () => number = Date.now): () => void {
  const ticks = heartbeatTicks(everyMs);
  const registry = hub.registry;
  registry.takeJoined(); // from now on the registry lists who joins
  let round: number[] = [];
  let done = 0;
  let tick = 0;
  const timer = setInterval(() => {
    if (tick === 0) {
      round = [...registry.memberIds()];
      done = 0;
      registry.takeJoined(); // already in the new list
      hub.logCounts();
    } else {
      for (const userId of registry.takeJoined()) round.push(userId);
    }
    const share = Math.ceil((round.length - done) / (ticks - tick));
    const members = round.slice(done, done + share);
    done += share;
    tick = (tick + 1) % ticks;
    // Half an interval: a socket listed twice in a round (left and came back) is pinged once.
    void presence.refresh(hub.heartbeat(members, now(), everyMs / 2));
  }, everyMs / ticks);
  timer.unref();
  return () => clearInterval(timer);
}
