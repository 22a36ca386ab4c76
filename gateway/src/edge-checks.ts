/**
 * The checks every request passes at the edge, in this order:
 *   1. a cross-site request riding on cookies is refused (csrf.ts);
 *   2. the request is counted in its rate-limit windows (rate-limit.ts), and refused past a limit;
 *   3. the access token, if any, proves a member (edge-tokens.ts) whose session has not ended
 *      (revoked-sessions.ts); the identity assertion is attached for the proxy, or
 *      `x-kora-auth: invalid-token` tells the client to refresh;
 *   4. a feature an admin switched off answers 404 (site-settings.ts).
 * Any `x-kora-identity` from outside is never passed on (proxy.ts): only the gateway vouches for a
 * caller.
 *
 * The common request, anonymous or with a token seen before, is decided at once, with no await: the
 * token's signature was checked when it was first seen, the revoked sessions are known here, and the
 * general rate limit is counted here and shared with the other replicas every quarter second
 * (rate-counter.ts). Only two cases wait: a token not seen before (its signature is checked, after
 * the request was counted, so the rate limit bounds how many signatures a client can make us
 * check), and the password and code paths, whose limit is counted exactly in the store.
 *
 * If the store fails or hangs past the deadline, the exact count is skipped (the request goes on,
 * logged at most every few seconds): losing rate limiting for a while is better than losing the site.
 */
import type { KeyValueStore, Logger } from '@kora/platform';
import { redactUrl } from '@kora/platform/redact-url';
import { AUTH_STATE_HEADER, presentedCredential } from './auth.js';
import { isCrossSiteRequest, isWebSocketHandshake } from './csrf.js';
import type { EdgeRequest } from './edge-request.js';
import { createEdgeTokens, type EdgeIdentity } from './edge-tokens.js';
import { GatewayErrorCode, type Refusal } from './errors.js';
import type { OriginPolicy } from './origins.js';
import {
  bindingWindow,
  countExactly,
  exceedsRateLimit,
  RATE_LIMITED,
  RATE_WINDOW_MS,
  rateScopes,
  type RateLimits,
  type Window,
} from './rate-limit.js';
import { createRateCounter } from './rate-counter.js';
import type { RevokedSessions } from './revoked-sessions.js';
import { presentedSocketCredential } from './socket-credentials.js';
import { settleWithin, throttledWarner } from './store-guard.js';

export interface EdgeChecksOptions {
  accessTokenSecret: string;
  internalSecret: string;
  store: KeyValueStore;
  revokedSessions: RevokedSessions;
  originPolicy: OriginPolicy;
  limits: RateLimits;
  /** The refusal for a path whose feature is switched off, else null (site-settings.ts). */
  featureRefusal: (path: string) => Refusal | null;
  log: Logger;
  /** The clock the per-minute windows are aligned on (Date.now). */
  now?: (() => number) | undefined;
}

export type Verdict = Refusal | null;

export interface EdgeChecks {
  /** null: the request may go on (`edge.identity` set when a member is proven); else its refusal. */
  check(edge: EdgeRequest): Verdict | Promise<Verdict>;
  stop(): Promise<void>;
}

const CROSS_SITE: Refusal = { status: 403, message: 'Cross-site request refused', code: GatewayErrorCode.CsrfRejected };

export function createEdgeChecks(options: EdgeChecksOptions): EdgeChecks {
  const { store, originPolicy, limits, revokedSessions, log, featureRefusal } = options;
  const tokens = createEdgeTokens({ accessTokenSecret: options.accessTokenSecret, internalSecret: options.internalSecret });
  const counter = createRateCounter({ store, windowMs: RATE_WINDOW_MS, log, now: options.now });
  const warn = throttledWarner(log);
  // In one process (memory store) every count is exact already.
  const exactInStore = store.kind === 'redis';

  /** The refusal when the tightest window is exceeded; the RateLimit headers are added either way. */
  function rateLimited(edge: EdgeRequest, windows: Window[]): boolean {
    const window = bindingWindow(windows);
    if (window === null || !exceedsRateLimit(edge, window)) return false;
    log.info({ traceId: edge.id, ip: edge.ip, path: edge.path, limit: window.limit }, 'rate limited');
    return true;
  }

  function admit(edge: EdgeRequest, member: EdgeIdentity | null): void {
    if (member && !revokedSessions.has(member.identity.sessionId)) {
      edge.identity = member.identity;
      edge.assertion = member.assertion;
      return;
    }
    edge.addAnswerHeader(AUTH_STATE_HEADER, 'invalid-token');
  }

  /** The slow path: an exact count in the store, and/or a token whose signature is yet to be checked. */
  async function decide(
    edge: EdgeRequest,
    windows: Window[],
    exact: Promise<Window> | null,
    token: string | null,
    known: EdgeIdentity | null | undefined,
  ): Promise<Verdict> {
    if (exact) {
      const [counted] = await settleWithin([exact] as const);
      if (counted.status === 'fulfilled') windows.push(counted.value);
      else warn(counted.reason, 'rate-limit store failed; letting requests through until it is back');
    }
    if (rateLimited(edge, windows)) return RATE_LIMITED;
    if (token !== null) admit(edge, known !== undefined ? known : await tokens.identify(token));
    return featureRefusal(edge.path);
  }

  function check(edge: EdgeRequest): Verdict | Promise<Verdict> {
    // A handshake may carry its token where a socket client can put it (socket-credentials.ts).
    const presented = isWebSocketHandshake(edge) ? presentedSocketCredential(edge) : presentedCredential(edge.headers);
    if (isCrossSiteRequest(edge, presented.credential, presented.hasSessionCookie, originPolicy)) {
      // A Referer is an address too: a page's query may carry a token or a code (redactUrl).
      const referer = edge.headers.referer === undefined ? undefined : redactUrl(edge.headers.referer);
      log.info({ traceId: edge.id, origin: edge.headers.origin, referer, method: edge.method }, 'cross-site request refused');
      return CROSS_SITE;
    }

    const windows: Window[] = [];
    let exact: Promise<Window> | null = null;
    for (const scope of rateScopes(edge.method, edge.path, edge.ip, limits)) {
      // The shared per-minute counter cannot count an hourly window: those go to the store too.
      if (scope.exact && (exactInStore || scope.windowMs !== RATE_WINDOW_MS)) exact = countExactly(store, scope);
      else windows.push({ limit: scope.limit, ...counter.hit(scope.key) });
    }
    const known = presented.token === null ? null : tokens.peek(presented.token);
    if (exact !== null || known === undefined) return decide(edge, windows, exact, presented.token, known);

    if (rateLimited(edge, windows)) return RATE_LIMITED;
    if (presented.token !== null) admit(edge, known);
    return featureRefusal(edge.path);
  }

  return { check, stop: () => counter.stop() };
}
