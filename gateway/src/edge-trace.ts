/**
 * The gateway's part of a trace (decision 053): with tracing on, each request gets a server span
 * (continuing the client's own `traceparent` when it sent a valid one), its id becomes that span's
 * W3C trace id (so the access line, the `x-request-id` answer header and every service's log lines
 * name the trace), and the request passed upstream carries the span in its `traceparent`. Off,
 * none of this runs: the edge keeps its request ids as before (edge-request.ts).
 */
import { activeTracing, endServerSpan, isProbePath, startServerSpan, type Span } from '@kora/platform';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** What of an EdgeRequest this needs (edge-request.ts makes the span here, so no import back). */
interface TracedRequest {
  readonly method: string;
  readonly span: Span | null;
}

/** The request's span, or null when tracing is off (or it is a health probe). */
export function startEdgeSpan(raw: IncomingMessage, method: string, path: string): Span | null {
  const tracing = activeTracing();
  if (!tracing || isProbePath(path)) return null;
  return startServerSpan(tracing, { method, path, headers: raw.headers });
}

/** Names the service the request went to, and hands the span to it in the headers going upstream. */
export function traceUpstream(edge: TracedRequest, upstream: string, headers: IncomingHttpHeaders): void {
  const tracing = activeTracing();
  if (!tracing || !edge.span) return;
  if (edge.span.isRecording()) {
    edge.span.updateName(`${edge.method} ${upstream}`);
    edge.span.setAttribute('kora.upstream', upstream);
  }
  const trace = tracing.headersOf(edge.span);
  headers.traceparent = trace.traceparent;
  // The client's tracestate belongs to its traceparent: kept only when the span continues it.
  if (trace.tracestate) headers.tracestate = trace.tracestate;
  else if (headers.tracestate !== undefined) delete headers.tracestate;
}

const TRACED = Symbol('kora.edge-trace');

type Traced = ServerResponse & { [TRACED]: TracedRequest };

/**
 * Ends each request's span once its answer is complete or the client left ('close'). One listener
 * function per server, as for the access log (access-log.ts).
 */
export function spanEnder(): (edge: TracedRequest, res: ServerResponse) => void {
  function onClose(this: Traced): void {
    const span = this[TRACED].span;
    const tracing = activeTracing();
    if (!span || !tracing) return;
    if (!this.writableFinished) span.setAttribute('kora.client_left', true);
    endServerSpan(tracing, span, this.statusCode);
  }
  return (edge, res) => {
    // An unsampled span records nothing: no listener for it.
    if (!edge.span?.isRecording()) return;
    (res as Traced)[TRACED] = edge;
    res.on('close', onClose);
  };
}
