/**
 * The web app's part of a trace (decision 053): with tracing on, each request Remix answers (a page,
 * its data, a form's action) gets a server span under the gateway's, and the request Remix sees
 * carries that span in its `traceparent`, which the loaders' and actions' calls to the gateway pass
 * on (app/utils/api.server.ts): a page and the API calls it made are one trace. Static files and
 * health probes get none.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { activeTracing, endServerSpan, startServerSpan } from '@kora/platform/tracing';

export function tracePageRequest(req: IncomingMessage, res: ServerResponse): void {
  const tracing = activeTracing();
  if (!tracing) return;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const span = startServerSpan(tracing, {
    method: req.method ?? 'GET',
    path: query === -1 ? url : url.slice(0, query),
    headers: req.headers,
  });
  // The caller's context is replaced by this span's (which keeps the trace's tracestate, if any).
  delete req.headers.tracestate;
  Object.assign(req.headers, tracing.headersOf(span));
  res.once('close', () => endServerSpan(tracing, span, res.statusCode));
}
