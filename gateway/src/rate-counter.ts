/**
 * Rate-limit counters that cost no round trip per request. A counter per client and window lives in
 * this process and is answered at once; every SYNC_MS the increments of that interval are added to
 * the shared counter in the store (one atomic INCRBY per busy key, auto-pipelined into one write)
 * and the shared total comes back, so each gateway replica also counts what the others saw. A
 * count is the last shared total plus what this replica saw since.
 *
 * The price is precision across replicas: with R replicas a client can exceed a limit by what R-1
 * replicas admit in one sync interval before they hear of each other (at the default 600 a minute
 * and 250 ms, a few requests). One replica, or the embedded product (memory store, one process),
 * counts exactly. The limits that must be exact, on password guessing and code sending, are counted
 * in the store on every request instead (edge-checks.ts).
 *
 * Windows are fixed (aligned on the minute), so every replica agrees on which window a request
 * falls in; the shared counter's key carries the window's number.
 */
import type { KeyValueStore, Logger } from '@kora/platform';

export const SYNC_MS = 250;

interface Counter {
  window: number;
  /** The shared total at the last sync, this replica's increments up to then included. */
  shared: number;
  /** Increments since the last sync began. */
  pending: number;
}

export interface RateCount {
  count: number;
  resetInMs: number;
}

export interface RateCounter {
  hit(key: string): RateCount;
  /** Adds what is pending to the shared counters now (tests; the timer does it otherwise). */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export function createRateCounter(options: {
  store: KeyValueStore;
  windowMs: number;
  log: Logger;
  now?: (() => number) | undefined;
}): RateCounter {
  const { store, windowMs, log } = options;
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counter>();
  // One process holds every count: nothing to share.
  const shared = store.kind === 'redis';
  let failures = 0;

  async function sync(): Promise<void> {
    const current = Math.floor(now() / windowMs);
    const sending: Promise<void>[] = [];
    for (const [key, counter] of counters) {
      if (counter.window < current) {
        counters.delete(key); // a finished window: nothing will be asked of it again
        continue;
      }
      if (!shared || counter.pending === 0) continue;
      const by = counter.pending;
      counter.pending = 0;
      sending.push(
        store.hit(`${key}:${counter.window}`, windowMs * 2, by).then(
          ({ count }) => {
            counter.shared = Math.max(counter.shared, count);
          },
          (err: unknown) => {
            counter.pending += by; // sent again at the next sync
            if (failures++ % 40 === 0)
              log.warn({ err }, 'rate-limit counters could not be shared; counting locally until the store answers');
          },
        ),
      );
    }
    await Promise.all(sending);
  }

  let syncing: Promise<void> | null = null;
  const timer = setInterval(() => {
    syncing ??= sync().finally(() => (syncing = null));
  }, SYNC_MS).unref();

  return {
    hit(key) {
      const t = now();
      const window = Math.floor(t / windowMs);
      let counter = counters.get(key);
      if (!counter || counter.window !== window) counters.set(key, (counter = { window, shared: 0, pending: 0 }));
      counter.pending += 1;
      return { count: counter.shared + counter.pending, resetInMs: (window + 1) * windowMs - t };
    },
    sync: () => sync(),
    async stop() {
      clearInterval(timer);
      await syncing;
      await sync().catch(() => {});
    },
  };
}
