/**
 * Jobs in a trace (decision 053), as events are (events/event-spans.ts): a job queued under a span
 * gets a producer span, whose `traceparent` travels with the job (in BullMQ's telemetry metadata,
 * or beside the job in memory); its processor works under a consumer span that continues it, so a
 * transcode's or a mail's statements and log lines join the trace of the request that queued it.
 * With tracing off nothing travels and a job runs as it did before.
 */
import {
  handleInConsumerSpan,
  MESSAGING_DESTINATION,
  MESSAGING_MESSAGE_ID,
  MESSAGING_OPERATION,
  sentTraceparent,
} from '../tracing/message-spans.js';
import { activeTracing } from '../tracing/tracing.js';

/** The `traceparent` of a producer span for a job queued now on `queue`, under the span being served; undefined when there is none. */
export function queuedTraceparent(queue: string): string | undefined {
  return sentTraceparent(`publish ${queue}`, { [MESSAGING_DESTINATION]: queue, [MESSAGING_OPERATION]: 'send' });
}

export interface TracedJob {
  queue: string;
  id: string;
  attempt: number;
  /** What `queuedTraceparent` gave when the job was queued. */
  traceparent: string | undefined;
}

/** Runs one try of a job under a consumer span continuing the trace it was queued in (tracing on), else as it is. */
export function processInTrace<T>(job: TracedJob, run: () => Promise<T>): Promise<T> {
  if (!activeTracing()) return run();
  return handleInConsumerSpan(
    `process ${job.queue}`,
    {
      requestId: job.id,
      traceparent: job.traceparent,
      attributes: () => ({
        [MESSAGING_DESTINATION]: job.queue,
        [MESSAGING_MESSAGE_ID]: job.id,
        [MESSAGING_OPERATION]: 'process',
        'kora.job.attempt': job.attempt,
      }),
    },
    run,
  );
}
