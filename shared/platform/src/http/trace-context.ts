/**
 * Each request's trace context: its id kept in async context for every log line (logger.ts) and,
 * when tracing is on (decision 053), a server span that continues the caller's `traceparent` (the
 * gateway's span, or a sibling's call) and is the parent of the request's statements, the events it
 * emits and its calls to siblings. Off, a request costs what it did before: the id alone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runWithTrace } from '../logger.js';
import { endServerSpan, isProbePath, startServerSpan } from '../tracing/server-spans.js';
import { activeTracing, type Span } from '../tracing/tracing.js';

export function installTraceContext(app: FastifyInstance): void {
  const tracing = activeTracing();
  if (!tracing) {
    app.addHook('onRequest', (request, _reply, done) => runWithTrace(request.id, done));
    return;
  }
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const path = request.url.split('?', 1)[0]!;
    if (isProbePath(path)) return runWithTrace(request.id, done);
    const span = startServerSpan(tracing, { method: request.method, path, route: request.routeOptions.url, headers: request.headers });
    spans.set(request, span);
    // Its id is its trace id, as at the gateway, so the access line names the trace too.
    request.id = span.spanContext().traceId;
    runWithTrace(request.id, done, span);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    spans.get(request)?.recordException(error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) endServerSpan(tracing, span, reply.statusCode);
    done();
  });
}
