import { afterEach, describe, expect, it } from 'vitest';
import { installedKafkajsVersion, kafkajsRequestQueue, PATCHED_KAFKAJS_VERSION, stopKafkaIdleTimers } from './kafka-idle-timer.js';

type Queue = {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
};

const quietLogger = { debug() {}, info() {}, warn() {}, error() {} };
const queues: Queue[] = [];

/** One of kafkajs's own request queues, as a broker connection holds it. */
function requestQueue(): Queue {
  const RequestQueue = kafkajsRequestQueue() as unknown as new (options: object) => Queue;
  const queue = new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: true,
    clientId: 't',
    broker: 'b:9092',
    logger: quietLogger,
  });
  queues.push(queue);
  return queue;
}

afterEach(() => {
  for (const queue of queues.splice(0)) if (queue.throttleCheckTimeoutId) clearTimeout(queue.throttleCheckTimeoutId);
});

describe("kafkajs's idle 1 ms timer", () => {
  it('is written against the installed kafkajs (an upgrade must be checked for the bug again)', () => {
    expect(installedKafkajsVersion()).toBe(PATCHED_KAFKAJS_VERSION);
    expect(stopKafkaIdleTimers()).toBe(true);
  });

  it('an idle connection with nothing queued arms no timer', () => {
    stopKafkaIdleTimers();
    const queue = requestQueue();
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('a throttled connection still checks again when the throttle ends', () => {
    stopKafkaIdleTimers();
    const queue = requestQueue();
    queue.throttledUntil = Date.now() + 60_000;
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
  });

  it('a request waiting to be sent still gets its check', () => {
    stopKafkaIdleTimers();
    const queue = requestQueue();
    queue.pending.push({ correlationId: 1 });
    queue.throttledUntil = Date.now() + 60_000; // so the check does not send it at once
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
  });
});
