/**
 * The gateway reads the KeyValueStore on every API request (rate-limit counters, revoked sessions).
 * If Redis is slow or down, those reads must neither hang requests nor take the site down: each
 * call gets a short deadline, and callers fail open. Warnings are throttled so an outage logs a
 * line every few seconds instead of one per request.
 */
import type { Logger } from '@kora/platform';

export const STORE_DEADLINE_MS = 250;
const WARN_EVERY_MS = 10_000;

export class StoreTimeoutError extends Error {
  constructor() {
    super(`store did not answer within ${STORE_DEADLINE_MS} ms`);
    this.name = 'StoreTimeoutError';
  }
}

export function withDeadline<T>(call: Promise<T>, ms = STORE_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError()), ms);
    timer.unref();
  });
  return Promise.race([call, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Waits for all `calls` at most `ms` (one timer for the lot): each settles to its value, or to the
 * error it failed with, or to a StoreTimeoutError when the deadline came first.
 */
export function settleWithin<T extends readonly unknown[]>(
  calls: { [K in keyof T]: Promise<T[K]> },
  ms = STORE_DEADLINE_MS,
): Promise<{ [K in keyof T]: PromiseSettledResult<T[K]> }> {
  type Settled = { [K in keyof T]: PromiseSettledResult<T[K]> };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Settled>((resolve) => {
    timer = setTimeout(() => {
      const reason = new StoreTimeoutError();
      resolve(calls.map(() => ({ status: 'rejected', reason })) as unknown as Settled);
    }, ms);
    timer.unref();
  });
  const settled = Promise.allSettled(calls) as Promise<Settled>;
  return Promise.race([settled, deadline]).finally(() => clearTimeout(timer));
}

export function throttledWarner(log: Logger): (err: unknown, message: string) => void {
  const lastByMessage = new Map<string, number>();
  return (err, message) => {
    const now = Date.now();
    if (now - (lastByMessage.get(message) ?? 0) < WARN_EVERY_MS) return;
    lastByMessage.set(message, now);
    log.warn({ err }, message);
  };
}
