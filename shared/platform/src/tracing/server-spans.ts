/**
 * Server spans, one per request a process receives (decision 053): the gateway's for each request
 * from outside, a service's for each request the gateway or a sibling passes on. Named by method
 * (and route, where the process knows it), continuing the caller's `traceparent` when it sent a
 * valid one. Health probes get none: they would be most of the traces and tell nothing.
 */
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { RemoteParent, Span, Tracing } from './tracing.js';

const PROBES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export function isProbePath(path: string): boolean {
  return PROBES.has(path);
}

export interface ServerRequest {
  method: string;
  /** The path, without its query string. */
  path: string;
  /** The route template that matched (`/api/posts/:id`), when known. */
  route?: string | undefined;
  headers: RemoteParent;
}

export function startServerSpan(tracing: Tracing, request: ServerRequest): Span {
  const { method, path, route } = request;
  const span = tracing.startSpan(route ? `${method} ${route}` : method, { kind: 'server', remote: request.headers });
  // Only a sampled span keeps attributes: an unsampled one (most, under ratio sampling) skips building them.
  if (span.isRecording()) {
    span.setAttribute(ATTR_HTTP_REQUEST_METHOD, method);
    span.setAttribute(ATTR_URL_PATH, path);
    if (route) span.setAttribute(ATTR_HTTP_ROUTE, route);
  }
  return span;
}

/** Records the answer's status (5xx marks the span failed) and ends the span. */
export function endServerSpan(tracing: Tracing, span: Span, status: number): void {
  if (!span.isRecording()) return;
  span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
  if (status >= 500) tracing.fail(span);
  span.end();
}
