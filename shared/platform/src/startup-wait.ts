/**
 * Start-up patience for the servers a process depends on. A service can start before PostgreSQL or
 * Kafka answers (a compose file or a Kubernetes rollout starts everything at once; a loaded machine
 * answers slowly): it retries with growing pauses instead of crashing on the first refused or
 * timed-out connection. Past the deadline it gives up with the last error, so a wrong URL still
 * fails the process clearly.
 */
import type { Logger } from 'pino';

export interface WaitOptions {
  /** How long to keep trying, in ms. */
  timeoutMs: number;
  /** First pause between tries; doubles up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it succeeds or `timeoutMs` has passed; `what` names the server in logs. */
export async function waitUntilReady<T>(
  what: string,
  attempt: () => Promise<T>,
  log: Pick<Logger, 'warn'>,
  options: WaitOptions,
): Promise<T> {
  const { timeoutMs, initialDelayMs = 250, maxDelayMs = 5_000, sleep = pause, now = Date.now } = options;
  const deadline = now() + timeoutMs;
  let delay = initialDelayMs;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      const left = deadline - now();
      if (left <= 0) throw err;
      log.warn({ attempt: tries, err: (err as Error).message }, `${what} not reachable yet; retrying`);
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}
