/**
 * kafkajs 2.2.4 (its last release) re-arms a timer on every broker connection each time it checks
 * its queue of requests waiting to be sent, even when that queue is empty and nothing is
 * throttled; the delay it computes is then negative, Node runs it after 1 ms, and the check arms
 * the next one: a 1 ms loop for as long as the connection lives (a known, unmerged bug:
 * tulios/kafkajs#1556, #1704, #1768). An idle process wakes constantly and spends CPU the busy
 * moments need; what it cost is in docs/performance.md, "An idle distributed product".
 *
 * The check stays exactly as kafkajs wrote it while requests are waiting or the broker throttles
 * us; with an empty queue and no throttling there is nothing to check, so no timer is armed. A
 * request that cannot be sent at once is queued by `push`, which schedules the check again.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The kafkajs release this was written against: another release is left alone (and the test says so). */
export const PATCHED_KAFKAJS_VERSION = '2.2.4';

interface RequestQueueLike {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: unknown;
  scheduleCheckPendingRequests(): void;
}

export function installedKafkajsVersion(): string {
  return (require('kafkajs/package.json') as { version: string }).version;
}

/** kafkajs's (internal) RequestQueue class, the one its connections use. */
export function kafkajsRequestQueue(): { prototype: RequestQueueLike } {
  return require('kafkajs/src/network/requestQueue/index.js') as { prototype: RequestQueueLike };
}

let patched = false;

/** Stops the idle 1 ms loop; true when the installed kafkajs is the patched release. */
export function stopKafkaIdleTimers(): boolean {
  if (patched) return true;
  if (installedKafkajsVersion() !== PATCHED_KAFKAJS_VERSION) return false;
  const prototype = kafkajsRequestQueue().prototype;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the original is called below with the queue as `this`
  const schedule = prototype.scheduleCheckPendingRequests;
  prototype.scheduleCheckPendingRequests = function scheduleWhenSomethingWaits(this: RequestQueueLike) {
    const throttled = this.throttledUntil > Date.now();
    if (this.pending.length === 0 && !throttled) return;
    schedule.call(this);
  };
  patched = true;
  return true;
}
