/**
 * One log line per request, written when its answer is complete (or the client left): method, URL,
 * status, milliseconds and the request id as `traceId`, the key every log line of a call carries
 * across processes. 5xx answers log at `error`, health probes at `debug`. Formatted by the
 * platform's access log (a fixed line, not pino's general path: see createAccessLog).
 *
 * Secrets in a query string are replaced before the line is written (redactUrl).
 */
import { redactUrl, type AccessLog } from '@kora/platform';
import type { ServerResponse } from 'node:http';
import type { EdgeRequest } from './edge-request.js';

const QUIET_PATHS = new Set(['/healthz', '/readyz']);

const LOGGED = Symbol('kora.access-log');

type Logged = ServerResponse & { [LOGGED]: EdgeRequest };

/**
 * Logs each response it is given once it closes ('close' is emitted once, when the answer is
 * complete or the connection ends before it is). One listener function per server, not a closure
 * or an object per request: the gateway logs every request it passes on.
 */
export function accessLogger(log: AccessLog): (edge: EdgeRequest, res: ServerResponse) => void {
  function onClose(this: Logged): void {
    const edge = this[LOGGED];
    const status = this.statusCode;
    log.write(status >= 500 ? 'error' : QUIET_PATHS.has(edge.path) ? 'debug' : 'info', {
      traceId: edge.id,
      method: edge.method,
      url: redactUrl(edge.url),
      status,
      ms: Math.round(performance.now() - edge.startedAt),
      aborted: !this.writableFinished,
    });
  }
  return (edge, res) => {
    (res as Logged)[LOGGED] = edge;
    res.on('close', onClose);
  };
}
