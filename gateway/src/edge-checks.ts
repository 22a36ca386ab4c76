/**
 * The checks every request passes at the edge, in this order:
 *   1. a cross-site request riding on cookies is refused (csrf.ts); one whose only excuse is a
 *      bearer token waits for the token to prove valid;
 *   2. the request is counted in its rate-limit windows (rate-limit.ts: per member for a token seen
 *      before, else per address; sign-in and the like also per account, their body read first:
 *      account-name.ts), and refused past a limit;
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
 * check), and the password and code paths, whose body is read and whose limits are counted
 * exactly in the store.
 *
 * If the store fails or hangs past the deadline, the exact count is skipped (the request goes on,
 * logged at most every few seconds): losing rate limiting for a while is better than losing the site.
 */
import { apiErrorTexts } from '@kora/contracts';
import type { KeyValueStore, Logger } from '@kora/platform';
import { redactUrl } from '@kora/platform/redact-url';
import { accountNamed, readSmallBody } from './account-name.js';
import { AUTH_STATE_HEADER, presentedCredential } from './auth.js';
import { isCrossSiteRequest, isWebSocketHandshake } from './csrf.js';
import type { EdgeRequest } from './edge-request.js';
import { createEdgeTokens, type EdgeIdentity } from './edge-tokens.js';
import { BAD_REQUEST, GatewayErrorCode, type Refusal } from './errors.js';
import type { OriginPolicy } from './origins.js';
import { JSON_TOO_LARGE } from './proxy.js';
import {
  bindingWindow,
  countExactly,
  exceedsRateLimit,
  isAccountPath,
  RATE_LIMITED,
  RATE_WINDOW_MS,
  rateScopes,
  type Caller,
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

const CROSS_SITE: Refusal = {
  status: 403,
  get message() {
    return apiErrorTexts.crossSiteRefused;
  },
  code: GatewayErrorCode.CsrfRejected,
};

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

  /** A token that proves a member whose session has not ended; null for anything else. */
  function validMember(member: EdgeIdentity | null): EdgeIdentity | null {
    return member && !revokedSessions.has(member.identity.sessionId) ? member : null;
  }

  function admit(edge: EdgeRequest, member: EdgeIdentity | null): void {
    if (member) {
      edge.identity = member.identity;
      edge.assertion = member.assertion;
      return;
    }
    edge.addAnswerHeader(AUTH_STATE_HEADER, 'invalid-token');
  }

  function refuseCrossSite(edge: EdgeRequest): Refusal {
    // A Referer is an address too: a page's query may carry a token or a code (redactUrl).
    const referer = edge.headers.referer === undefined ? undefined : redactUrl(edge.headers.referer);
    log.info({ traceId: edge.id, origin: edge.headers.origin, referer, method: edge.method }, 'cross-site request refused');
    return CROSS_SITE;
  }

  /** Counts the request in its windows: the per-minute ones here, the exact ones in the store. */
  function count(edge: EdgeRequest, caller: Caller): { windows: Window[]; exact: Promise<Window>[] } {
    const windows: Window[] = [];
    const exact: Promise<Window>[] = [];
    for (const scope of rateScopes(edge.method, edge.path, edge.ip, limits, caller)) {
      // The shared per-minute counter cannot count an hourly window: those go to the store too.
      if (scope.exact && (exactInStore || scope.windowMs !== RATE_WINDOW_MS)) exact.push(countExactly(store, scope));
      else windows.push({ limit: scope.limit, ...counter.hit(scope.key) });
    }
    return { windows, exact };
  }

  /**
   * The slow path: exact counts in the store, and/or a token whose signature is yet to be checked
   * (after counting, so the limit bounds how many signatures a client can make us check).
   */
  async function decide(
    edge: EdgeRequest,
    counted: { windows: Window[]; exact: Promise<Window>[] },
    token: string | null,
    known: EdgeIdentity | null | undefined,
    crossSiteUnlessValidBearer: boolean,
  ): Promise<Verdict> {
    const { windows } = counted;
    if (counted.exact.length > 0) {
      for (const result of await settleWithin(counted.exact)) {
        if (result.status === 'fulfilled') windows.push(result.value);
        else warn(result.reason, 'rate-limit store failed; letting requests through until it is back');
      }
    }
    if (rateLimited(edge, windows)) return RATE_LIMITED;
    if (token === null) return crossSiteUnlessValidBearer ? refuseCrossSite(edge) : featureRefusal(edge.path);
    const member = validMember(known !== undefined ? known : await tokens.identify(token));
    if (crossSiteUnlessValidBearer && member === null) return refuseCrossSite(edge);
    admit(edge, member);
    return featureRefusal(edge.path);
  }

  /** Sign-in, sign-up and recovery: the body is read first, for the account it names. */
  async function checkAccountCall(edge: EdgeRequest, crossSiteUnlessValidBearer: boolean, token: string | null): Promise<Verdict> {
    const read = await readSmallBody(edge.raw);
    if (!read.ok) return read.reason === 'too-large' ? JSON_TOO_LARGE : BAD_REQUEST;
    edge.body = read.body;
    const known = token === null ? null : tokens.peek(token);
    const caller = { memberId: known ? (validMember(known)?.identity.userId ?? null) : null, account: accountNamed(read.body) };
    return decide(edge, count(edge, caller), token, known, crossSiteUnlessValidBearer);
  }

  function check(edge: EdgeRequest): Verdict | Promise<Verdict> {
    // A handshake may carry its token where a socket client can put it (socket-credentials.ts).
    const presented = isWebSocketHandshake(edge) ? presentedSocketCredential(edge) : presentedCredential(edge.headers);
    // Judged as if no bearer token were there. A bearer token exempts a request only when it is
    // valid and no session cookie rides along, since the cookie is what a forged request would
    // act on (an invalid token leaves the services reading the cookie): see csrf.ts.
    let crossSiteUnlessValidBearer = false;
    if (isCrossSiteRequest(edge, presented.hasSessionCookie, originPolicy)) {
      if (presented.credential !== 'bearer' || presented.hasSessionCookie) return refuseCrossSite(edge);
      crossSiteUnlessValidBearer = true;
    }
    const token = presented.token;
    if (isAccountPath(edge.method, edge.path)) return checkAccountCall(edge, crossSiteUnlessValidBearer, token);

    const known = token === null ? null : tokens.peek(token);
    // A token not seen yet is counted under the address until its signature has been checked.
    const member = known ? validMember(known) : null;
    const counted = count(edge, { memberId: member?.identity.userId ?? null, account: null });
    if (counted.exact.length > 0 || known === undefined) return decide(edge, counted, token, known, crossSiteUnlessValidBearer);

    if (rateLimited(edge, counted.windows)) return RATE_LIMITED;
    if (crossSiteUnlessValidBearer && member === null) return refuseCrossSite(edge);
    if (token !== null) admit(edge, member);
    return featureRefusal(edge.path);
  }

  return { check, stop: () => counter.stop() };
}
