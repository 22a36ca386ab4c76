/**
 * The gateway's own `http_server_requests_seconds` (decision 052): every request the edge answers,
 * whoever wrote the answer (the proxy, a refusal, the gateway's own routes), by method, status and
 * route. The route is the routing table's rule that matched (`/api/posts/*`), a gateway path of its
 * own, `web` for what goes to the web app, or `unmatched` for an `/api` path no service owns: never
 * the URL as sent. Upgraded sockets are not requests here: notifications counts the sockets it holds.
 */
import { routeRuleFor } from '@kora/contracts';
import { UNMATCHED_ROUTE, type RecordRequest } from '@kora/platform/metrics';
import type { ServerResponse } from 'node:http';
import type { EdgeRequest } from './edge-request.js';
import { DOCS_PATH, isApiPath, isGatewayOwnPath, WEBSOCKET_PATH } from './paths.js';

export const WEB_ROUTE = 'web';
const DOCS_ROUTE = `${DOCS_PATH}/*`;

export function routeLabel(path: string): string {
  if (isGatewayOwnPath(path)) return path.startsWith(`${DOCS_PATH}/`) ? DOCS_ROUTE : path;
  if (path === WEBSOCKET_PATH) return WEBSOCKET_PATH;
  const rule = routeRuleFor(path);
  if (rule) return rule.prefix ? `${rule.path}/*` : rule.path;
  return isApiPath(path) ? UNMATCHED_ROUTE : WEB_ROUTE;
}

const MEASURED = Symbol('kora.request-metrics');

type Measured = ServerResponse & { [MEASURED]: EdgeRequest };

/** Records each response it is given once it closes; one listener function per server, as the access log's. */
export function requestMetrics(record: RecordRequest): (edge: EdgeRequest, res: ServerResponse) => void {
  function onClose(this: Measured): void {
    const edge = this[MEASURED];
    record(edge.method, routeLabel(edge.path), this.statusCode, (performance.now() - edge.startedAt) / 1000);
  }
  return (edge, res) => {
    (res as Measured)[MEASURED] = edge;
    res.on('close', onClose);
  };
}
