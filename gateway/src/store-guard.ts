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

export function throttledWarner(log: Logger): (err: unknown, message: string) => void {
  const lastByMessage = new Map<string, number>();
  return (err, message) => {
    const now = Date.now();
    if (now - (lastByMessage.get(message) ?? 0) < WARN_EVERY_MS) return;
    lastByMessage.set(message, now);
    log.warn({ err }, message);
  };
}
