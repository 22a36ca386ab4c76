/**
 * The heartbeat of one instance's sockets, spread over its interval. Pinging every socket and
 * refreshing every member's presence key in one pass made a burst the size of the instance (20,000
 * pings and 20,000 store writes at once) that held the event loop for seconds every interval, and
 * a notification arriving meanwhile waited behind it (the sockets bench's like-to-socket p99). So
 * members are split into slices by id, and each tick, a slice's length apart, handles one slice:
 * every socket is still pinged once per interval, a socket that missed its pong is still dropped at
 * its next turn, and each member's presence is still refreshed once per interval.
 */
import type { LiveHub } from './hub.js';
import type { Presence } from './presence.js';

/** The time between ticks the spreading aims at: short enough that one slice stays small. */
const TICK_MS = 500;

/** How many slices an interval of `everyMs` is cut into: one tick every ~500 ms, at least one. */
export function heartbeatSlices(everyMs: number): number {
  return Math.max(1, Math.round(everyMs / TICK_MS));
}

/** Starts the ticks; the answer stops them. */
export function startHeartbeat(hub: LiveHub, presence: Presence, everyMs: number): () => void {
  const slices = heartbeatSlices(everyMs);
  let tick = 0;
  const timer = setInterval(() => {
    const slice = tick;
    tick = (tick + 1) % slices;
    void presence.refresh(hub.heartbeat(slice, slices));
  }, everyMs / slices);
  timer.unref();
  return () => clearInterval(timer);
}
