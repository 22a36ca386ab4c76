/**
 * kafkajs 2.2.4 (its last release) re-arms a timer on every broker connection each time it checks
 * its queue of requests waiting to be sent, even when that queue is empty and nothing is
 * throttled; the delay it computes is then negative, Node runs it after 1 ms, and the check arms
 * the next one: a 1 ms loop for as long as the connection lives (a known, unmerged bug:
 * tulios/kafkajs#1556, #1704, #1768). Measured on an idle distributed Kora: every service and the
 * gateway woke about 1,650 times a second and used 4-5 % of a core doing nothing, half a core in
 * all, which the busy moments of the product (and the test machine's browser) were short of.
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
  const schedule = prototype.scheduleCheckPendingRequests;
  prototype.scheduleCheckPendingRequests = function scheduleWhenSomethingWaits(this: RequestQueueLike) {
    const throttled = this.throttledUntil > Date.now();
    if (this.pending.length === 0 && !throttled) return;
    schedule.call(this);
  };
  patched = true;
  return true;
}
