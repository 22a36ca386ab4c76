/**
 * Tracing on OpenTelemetry's SDK: spans from one tracer, handed to `processor` (start.ts gives a
 * batching OTLP exporter, tests an in-memory one), sampled as OTEL_TRACES_SAMPLER says (by default
 * every trace, and a caller's unsampled trace stays unsampled). Trace context crosses processes as
 * W3C `traceparent`/`tracestate`, read and written by OpenTelemetry's own propagator.
 */
import {
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { randomUUID } from 'node:crypto';
import type { RemoteParent, TraceSpanKind, Tracing } from './tracing.js';

const KINDS: Record<TraceSpanKind, SpanKind> = {
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
  internal: SpanKind.INTERNAL,
};

const propagator = new W3CTraceContextPropagator();

/** The context `remote` names: its trace when its traceparent is valid, else none (a new trace starts). */
export function remoteContext(remote: RemoteParent): Context {
  return propagator.extract(ROOT_CONTEXT, remote, defaultTextMapGetter);
}

/** `traceparent` (and `tracestate`) naming `span`; nothing for an invalid span. */
export function traceHeaders(span: Span): Record<string, string> {
  const headers: Record<string, string> = {};
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), headers, defaultTextMapSetter);
  return headers;
}

export interface TracingOptions {
  /** `service.name` on every span. */
  serviceName: string;
  processor: SpanProcessor;
}

export function createTracing(options: TracingOptions): Tracing {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      // Tells replicas of one service apart (two notifications instances, say).
      'service.instance.id': randomUUID(),
    }),
    spanProcessors: [options.processor],
  });
  const tracer = provider.getTracer('kora');
  return {
    startSpan(name, start) {
      const context = start.parent ? trace.setSpan(ROOT_CONTEXT, start.parent) : start.remote ? remoteContext(start.remote) : ROOT_CONTEXT;
      return tracer.startSpan(name, { kind: KINDS[start.kind], attributes: start.attributes }, context);
    },
    traceparentOf: (span) => traceHeaders(span).traceparent,
    headersOf: traceHeaders,
    fail(span, error) {
      if (error instanceof Error) span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, ...(error instanceof Error ? { message: error.message } : {}) });
    },
    shutdown: () => provider.shutdown(),
  };
}
