/**
 * CORS for integrators' browser apps calling `/api` from another origin (the allow-list in
 * origins.ts). The Kora web app is same-origin and needs none of it; pages, assets and uploads never
 * get CORS headers. Decided before the edge checks so their refusals (429, 403) still carry the
 * headers an allowed browser needs to read them.
 *
 * An allowed preflight (OPTIONS with Access-Control-Request-Method) is answered by the edge, 204,
 * before authentication (the browser sends no credentials with it); any other OPTIONS request goes
 * on to the service like any request.
 *
 * Written here rather than with @fastify/cors: its per-request options handling was about 5% of the
 * gateway's time under load, and the proxied requests never pass through Fastify anyway; the
 * decision is in docs/decisions/014-request-path-performance.md.
 */
import type { EdgeRequest } from './edge-request.js';
import type { OriginPolicy } from './origins.js';
import { isApiPath } from './paths.js';

const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, X-Request-Id';
// Link and X-Next-Cursor carry a list's next page, X-Memories-Date the day memories remembered (decision 015).
const EXPOSE_HEADERS =
  'X-Request-Id, X-Kora-Auth, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Link, X-Next-Cursor, X-Memories-Date';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * Adds the CORS headers an allowed origin gets; true when the request is an allowed preflight, which
 * the caller answers 204 at once.
 */
export function applyCors(edge: EdgeRequest, policy: OriginPolicy): boolean {
  const origin = edge.headers.origin;
  // Most requests (same-origin pages, API clients) carry no Origin: nothing to do.
  if (typeof origin !== 'string' || !isApiPath(edge.path) || !policy.isAllowed(origin)) return false;
  edge.corsAllowed = true;
  edge.addAnswerHeader('access-control-allow-origin', origin);
  edge.addAnswerHeader('access-control-allow-credentials', 'true');
  if (edge.method === 'OPTIONS' && edge.headers['access-control-request-method']) {
    edge.addAnswerHeader('access-control-allow-methods', ALLOW_METHODS);
    edge.addAnswerHeader('access-control-allow-headers', ALLOW_HEADERS);
    edge.addAnswerHeader('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS);
    return true;
  }
  edge.addAnswerHeader('access-control-expose-headers', EXPOSE_HEADERS);
  return false;
}

/** An answer's Vary with Origin added, once: a cache must keep answers for different origins apart. */
export function varyWithOrigin(vary: string | string[] | number | undefined): string {
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (/(^|,)\s*origin\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Origin` : 'Origin';
}
