/**
 * Keeps one consumer group consuming for as long as the service runs.
 *
 * kafkajs restarts a crashed consumer itself only when the crash was retriable; after any other
 * crash (a non-retriable error while rejoining the group after a broker restart, say) the consumer
 * stays stopped, and the service silently stops receiving that group's events until it is
 * restarted: a video stays "processing", a new member never reaches the feed's projection. The
 * supervisor starts a fresh consumer for the group instead, after a growing delay, so an outage
 * only ever delays events (ARCHITECTURE: "a broker outage delays events; it loses none").
 */
import type { Logger } from 'pino';
import { retryDelayMs } from './bus.js';

/** The part of a kafkajs consumer the supervisor uses. */
export interface SupervisedConsumer {
  on(event: 'consumer.crash', listener: (event: { payload: { error: Error; restart: boolean } }) => void): unknown;
  disconnect(): Promise<void>;
}

export interface SupervisorOptions {
  groupId: string;
  log: Logger;
  /** Delay before the n-th restart in a row (1-based). */
  delayMs?: (attempt: number) => number;
  /** A consumer that ran this long before crashing counts as healthy: the delays start over. */
  healthyAfterMs?: number;
}

export const CONSUMER_CRASH = 'consumer.crash';

/**
 * Starts the consumer (`start` connects, subscribes and runs it, and disconnects what it made if it
 * fails) and replaces it whenever it crashes without kafkajs restarting it. The first start's
 * failure is the caller's (the service's startup waits and retries); later ones are retried here.
 */
export async function superviseConsumer(
  start: () => Promise<SupervisedConsumer>,
  { groupId, log, delayMs = (attempt) => retryDelayMs(attempt, 500, 30_000), healthyAfterMs = 60_000 }: SupervisorOptions,
): Promise<{ stop(): Promise<void>; restarts(): number }> {
  let current = await start();
  let startedAt = Date.now();
  let stopped = false;
  let attempt = 0;
  let restarts = 0;
  let timer: NodeJS.Timeout | undefined;

  const replace = async () => {
    timer = undefined;
    if (stopped) return;
    await current.disconnect().catch(() => {});
    try {
      const next = await start();
      if (stopped) return void (await next.disconnect().catch(() => {}));
      current = next;
      startedAt = Date.now();
      restarts++;
      watch(next);
      log.warn({ groupId, attempt }, 'event consumer started again after a crash');
    } catch (err) {
      log.error({ err, groupId, attempt }, 'event consumer could not be started again; will retry');
      schedule();
    }
  };

  const schedule = () => {
    if (stopped || timer) return;
    attempt = Date.now() - startedAt >= healthyAfterMs ? 1 : attempt + 1;
    timer = setTimeout(() => void replace(), delayMs(attempt));
  };

  const watch = (consumer: SupervisedConsumer) => {
    consumer.on(CONSUMER_CRASH, ({ payload }) => {
      // kafkajs starts this one again itself; and a consumer that was replaced is not ours any more.
      if (payload.restart || stopped || consumer !== current) return;
      log.error({ err: payload.error, groupId }, 'event consumer stopped after a crash kafkajs does not restart; starting a new one');
      schedule();
    });
  };
  watch(current);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current.disconnect();
    },
    restarts: () => restarts,
  };
}
