/**
 * Messages in a trace (decision 053), for events (events/event-spans.ts) and jobs
 * (jobs/job-spans.ts) alike: sending under the span being served makes a producer span whose
 * `traceparent` travels with the message, and handling it runs under a consumer span that continues
 * it. Calls to other systems get a client span (`inClientSpan`).
 */
import { currentSpan, runWithTrace } from '../logger.js';
import { activeTracing, type Attributes, type Span, type Tracing } from './tracing.js';

// OpenTelemetry's messaging attribute names (incubating there, so not among the semantic-conventions
// package's stable exports).
export const MESSAGING_DESTINATION = 'messaging.destination.name';
export const MESSAGING_MESSAGE_ID = 'messaging.message.id';
export const MESSAGING_OPERATION = 'messaging.operation.type';

/** Runs `run`, marking `span` failed when it throws, and ends the span either way. */
async function within<T>(tracing: Tracing, span: Span, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    tracing.fail(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** The `traceparent` of a producer span `name` under the span being served; undefined when there is none. */
export function sentTraceparent(name: string, attributes: Attributes): string | undefined {
  const tracing = activeTracing();
  const parent = tracing && currentSpan();
  if (!tracing || !parent) return undefined;
  const span = tracing.startSpan(name, { kind: 'producer', parent, attributes });
  // It marks the moment of sending: the message is delivered later, outside any request.
  span.end();
  return tracing.traceparentOf(span);
}

/**
 * Runs `handle` in the message's trace context: its log lines carry `requestId` (tracing off) or the
 * trace's id, and with tracing on its statements and sends go under a consumer span `name`.
 */
export function handleInConsumerSpan<T>(
  name: string,
  // Attributes asked for only with tracing on: handling a message with it off costs nothing more.
  message: { requestId: string; traceparent: string | undefined; attributes: () => Attributes },
  handle: () => Promise<T>,
): Promise<T> {
  const tracing = activeTracing();
  if (!tracing) return runWithTrace(message.requestId, handle);
  const span = tracing.startSpan(name, {
    kind: 'consumer',
    remote: { traceparent: message.traceparent },
    attributes: message.attributes(),
  });
  return within(tracing, span, () => runWithTrace(message.requestId, handle, span));
}

/** A client span around one call to another system, under the span being served; outside any span, or with tracing off, the call is just made. */
export async function inClientSpan<T>(name: string, attributes: Attributes, call: () => Promise<T>): Promise<T> {
  const tracing = activeTracing();
  const parent = tracing && currentSpan();
  if (!tracing || !parent) return call();
  return within(tracing, tracing.startSpan(name, { kind: 'client', parent, attributes }), call);
}
