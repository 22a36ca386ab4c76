/**
 * The process's tracing (decision 053): null unless an OTLP endpoint is configured (start.ts), so
 * every place that would make a span first asks `activeTracing()` and, when tracing is off, does
 * nothing more. Only types come from OpenTelemetry here: the SDK, the exporter and the W3C
 * propagator are loaded by start.ts when tracing is on, never by the code on a request's path.
 *
 * Spans are handed from one step to the next explicitly (the request's span is kept beside its id in
 * the logger's async context: logger.ts), not through OpenTelemetry's own context manager: one
 * async context per request instead of two, and no global tracer for libraries to write into.
 */
import type { Attributes, Span } from '@opentelemetry/api';

export type { Attributes, Span };

export type TraceSpanKind = 'server' | 'client' | 'producer' | 'consumer' | 'internal';

/** Headers as another process sent them: its trace context is their W3C `traceparent` (and `tracestate`). */
export type RemoteParent = Readonly<Record<string, string | string[] | undefined>>;

export interface SpanStart {
  kind: TraceSpanKind;
  attributes?: Attributes;
  /** A span of this process the new one is under. */
  parent?: Span | null;
  /** Else the trace another process named: continued when its traceparent is valid, a new trace when not. */
  remote?: RemoteParent;
}

export interface Tracing {
  startSpan(name: string, start: SpanStart): Span;
  /** The `traceparent` header value that names `span` to the next process (none for an invalid span). */
  traceparentOf(span: Span): string | undefined;
  /** The headers that carry `span`'s context to the next process: `traceparent`, and `tracestate` when the trace has one. */
  headersOf(span: Span): Record<string, string>;
  /** Marks the span failed, with the error when there is one. */
  fail(span: Span, error?: unknown): void;
  /** Exports what is still buffered and stops. */
  shutdown(): Promise<void>;
}

let active: Tracing | null = null;

export function activeTracing(): Tracing | null {
  return active;
}

/** Installs (or, with null, removes) the process's tracing; start.ts and tests call it. */
export function useTracing(tracing: Tracing | null): void {
  active = tracing;
}
