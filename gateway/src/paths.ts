/** Small path helpers shared by the hooks, so they all classify a request the same way. */
import { SITE_INFO_PATH } from '@kora/contracts';

/** The path part of a request URL, as sent (not decoded): the routing table matches raw paths. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

export const WEBSOCKET_PATH = '/ws';

/** Methods that change state; cookies on these need the CSRF check. */
export function isUnsafeMethod(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/** Documentation, assets and the merged OpenAPI document, answered by the gateway itself (docs.ts). */
export const DOCS_PATH = '/api/docs';
const DOCS_PREFIX = `${DOCS_PATH}/`;

/**
 * The paths the gateway answers itself, through Fastify (health.ts, docs.ts, site-info.ts): exact
 * health paths (the web app has no pages by these names), the public site info and everything
 * under the docs.
 */
export function isGatewayOwnPath(path: string): boolean {
  return (
    path === '/healthz' ||
    path === '/readyz' ||
    path === '/api/health/services' ||
    path === SITE_INFO_PATH ||
    path === DOCS_PATH ||
    path.startsWith(DOCS_PREFIX)
  );
}
