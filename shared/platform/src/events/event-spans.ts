/**
 * Events in a trace (decision 053): an event emitted under a span gets a producer span of its own,
 * whose `traceparent` travels in the envelope (through the outbox and the bus); the consumer that
 * handles it works under a consumer span that continues that trace, so its statements and the
 * events it emits in turn join the trace of the request that started it all. With tracing off the
 * envelope carries no `traceparent` and handling an event costs what it did before.
 */
import { eventRegistry, isEventType, type EventEnvelope } from '@kora/contracts';
import {
  handleInConsumerSpan,
  MESSAGING_DESTINATION,
  MESSAGING_MESSAGE_ID,
  MESSAGING_OPERATION,
  sentTraceparent,
} from '../tracing/message-spans.js';

const CONSUMER_GROUP = 'messaging.consumer.group.name';
const EVENT_TYPE = 'kora.event.type';

/** The `traceparent` of a producer span for this event, under the span being served; undefined when there is none. */
export function emittedTraceparent(event: { id: string; type: string }, topic: string): string | undefined {
  // It marks the moment of emitting: the outbox relay publishes later, outside any request.
  return sentTraceparent(`publish ${event.type}`, {
    [MESSAGING_DESTINATION]: topic,
    [MESSAGING_MESSAGE_ID]: event.id,
    [MESSAGING_OPERATION]: 'send',
    [EVENT_TYPE]: event.type,
  });
}

/**
 * Runs `handle` in the event's trace context: its log lines carry the trace id and, with tracing
 * on, its statements and emitted events go under a consumer span for this event.
 */
export function handleInTrace(event: EventEnvelope, group: string, handle: () => Promise<void>): Promise<void> {
  return handleInConsumerSpan(
    `process ${event.type}`,
    {
      requestId: event.traceId ?? event.id,
      traceparent: event.traceparent,
      attributes: () => ({
        ...(isEventType(event.type) ? { [MESSAGING_DESTINATION]: eventRegistry[event.type].topic } : {}),
        [MESSAGING_MESSAGE_ID]: event.id,
        [CONSUMER_GROUP]: group,
        [MESSAGING_OPERATION]: 'process',
        [EVENT_TYPE]: event.type,
      }),
    },
    handle,
  );
}
