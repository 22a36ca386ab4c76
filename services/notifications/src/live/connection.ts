/**
 * One open socket and the little we keep for it. An instance may hold 10,000 of these, so it is a
 * handful of fields and no per-socket timers: the heartbeat is one interval for all of them.
 */
import type { WebSocket } from 'ws';

export class Connection {
  /** False after a ping until the pong comes back; still false at the next ping means gone. */
  alive = true;
  /** When the heartbeat last pinged it (ms since the epoch); 0 before the first ping. */
  pingedAt = 0;
  /**
   * The newest notification id the 'ready' count already covers; null until 'ready' is sent.
   * Live notifications at or below it are not pushed (the client counted them already).
   */
  after: number | null = null;
  /** Notifications and conversations' frames that arrived before 'ready' (rare, so null nearly always). */
  held: { id: number; text: string }[] | null = null;

  constructor(
    readonly socket: WebSocket,
    readonly userId: number,
    readonly sessionId: string,
  ) {}
}
