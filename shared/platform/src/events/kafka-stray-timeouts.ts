/**
 * kafkajs can reject the promise of a timed-out request that nothing awaits any more (a known bug:
 * tulios/kafkajs#796, #1410, #1691). It happens when the broker answers slowly (start-up, a loaded
 * machine); the operation that sent the request has its own retry and carries on, but Node ends
 * the whole process on the stray unhandled rejection. Only that error is logged and dropped; every
 * other unhandled rejection is rethrown and still ends the process.
 */
import type { Logger } from 'pino';

export function isStrayKafkaTimeout(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  const error = reason as Error & { retriable?: unknown };
  return error.name === 'KafkaJSRequestTimeoutError' && error.retriable === true;
}

let installed = false;

export function tolerateStrayKafkaTimeouts(log: Pick<Logger, 'warn'>): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (!isStrayKafkaTimeout(reason)) throw reason;
    log.warn({ err: (reason as Error).message }, 'kafka: a request timed out after its caller had moved on; kafkajs retries');
  });
}
