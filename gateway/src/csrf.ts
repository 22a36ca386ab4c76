/**
 * CSRF defence for cookie credentials. Browsers attach the `kora_at`/`kora_rt` cookies to requests
 * another site makes, so a state-changing request that relies on them must come from a page of
 * ours: its `Origin` (or, failing that, its `Referer`) must be the gateway's own origin or an allowed
 * one. Browsers send `Origin` on every POST/PUT/PATCH/DELETE and WebSocket handshake, so a missing
 * one on a cookie request means a non-browser caller, which must use a bearer token instead.
 *
 * A request with a VALID bearer token and no session cookie is exempt (decided in edge-checks.ts,
 * which knows whether the token is valid): another site cannot make a browser add an Authorization
 * header without a CORS preflight, and without a session cookie nothing else of the member's rides
 * along. Any bearer header alone was not enough: an invalid one leaves the services and the web
 * app acting on the cookie (the refresh cookie, a page's action), so such a request is judged as
 * if the header were not there (decision 032).
 *
 * Two deliberate extensions of the /api rule: the check also covers WebSocket handshakes (the live
 * socket carries the member's private notifications: cross-site WebSocket hijacking) and unsafe
 * requests to web-app pages (Remix actions act on the same cookies as the API). And a request from
 * a foreign origin is refused even without cookies, since a cross-site sign-in would plant the
 * attacker's session in the victim's browser (login CSRF).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isTrustedOrigin, requestOrigin, type OriginPolicy, type OriginFacts } from './origins.js';
import { isUnsafeMethod } from './paths.js';

export type Credential = 'bearer' | 'cookie' | 'none';

export function isWebSocketHandshake(request: { headers: IncomingHttpHeaders }): boolean {
  const upgrade = request.headers.upgrade;
  return typeof upgrade === 'string' && upgrade.toLowerCase() === 'websocket';
}

/** True when the request must be refused as cross-site, unless a valid bearer token without cookies exempts it. */
export function isCrossSiteRequest(request: OriginFacts & { method: string }, hasSessionCookie: boolean, policy: OriginPolicy): boolean {
  if (!isUnsafeMethod(request.method) && !isWebSocketHandshake(request)) return false;
  const origin = requestOrigin(request);
  if (origin === null) return hasSessionCookie;
  return !isTrustedOrigin(request, origin, policy);
}
