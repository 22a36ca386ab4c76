/**
 * The checks every request passes at the edge, in one step, in this order:
 *   1. any `x-kora-identity` from outside is dropped (only the gateway may vouch for a caller);
 *   2. a cross-site request riding on cookies is refused (csrf.ts);
 *   3. the request is counted in its rate-limit windows (rate-limit.ts), and refused past a limit;
 *   4. the access token, if any, proves a member (edge-tokens.ts) whose session has not ended
 *      (revoked-sessions.ts); the identity assertion is attached for the proxy, or
 *      `x-kora-auth: invalid-token` tells the client to refresh.
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
import { IDENTITY_HEADER, type Identity } from '@kora/platform/identity';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_STATE_HEADER, presentedCredential } from './auth.js';
import { isCrossSiteRequest } from './csrf.js';
import { createEdgeTokens, type EdgeIdentity } from './edge-tokens.js';
import { GatewayErrorCode, sendError } from './errors.js';
import type { OriginPolicy } from './origins.js';
import { pathOf } from './paths.js';
import { applyRateLimit, bindingWindow, countExactly, RATE_WINDOW_MS, rateScopes, type RateLimits, type Window } from './rate-limit.js';
import { createRateCounter } from './rate-counter.js';
import type { RevokedSessions } from './revoked-sessions.js';
import { settleWithin, throttledWarner } from './store-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member the access token proves, or null (anonymous or bad token). */
    edgeIdentity: Identity | null;
    /** The signed `x-kora-identity` value to forward upstream, or null. */
    identityAssertion: string | null;
  }
}

export interface EdgeChecksOptions {
  accessTokenSecret: string;
  internalSecret: string;
  store: KeyValueStore;
  revokedSessions: RevokedSessions;
  originPolicy: OriginPolicy;
  limits: RateLimits;
  log: Logger;
}

export function installEdgeChecks(app: FastifyInstance, options: EdgeChecksOptions): void {
  const { store, originPolicy, limits, revokedSessions } = options;
  const tokens = createEdgeTokens({ accessTokenSecret: options.accessTokenSecret, internalSecret: options.internalSecret });
  const counter = createRateCounter({ store, windowMs: RATE_WINDOW_MS, log: options.log });
  app.addHook('onClose', async () => counter.stop());
  const warn = throttledWarner(options.log);
  // In one process (memory store) every count is exact already.
  const exactInStore = store.kind === 'redis';

  /** Sets the rate-limit headers; true when the request was refused (429 sent). */
  function limited(request: FastifyRequest, reply: FastifyReply, windows: Window[]): boolean {
    const window = bindingWindow(windows);
    return window !== null && applyRateLimit(request, reply, window);
  }

  function admit(request: FastifyRequest, reply: FastifyReply, member: EdgeIdentity | null): void {
    if (member && !revokedSessions.has(member.identity.sessionId)) {
      request.edgeIdentity = member.identity;
      request.identityAssertion = member.assertion;
      return;
    }
    reply.header(AUTH_STATE_HEADER, 'invalid-token');
  }

  /** The slow path: an exact count in the store, and/or a token whose signature is yet to be checked. */
  async function decide(
    request: FastifyRequest,
    reply: FastifyReply,
    windows: Window[],
    exact: Promise<Window> | null,
    token: string | null,
    known: EdgeIdentity | null | undefined,
  ): Promise<boolean> {
    if (exact) {
      const [counted] = await settleWithin([exact] as const);
      if (counted.status === 'fulfilled') windows.push(counted.value);
      else warn(counted.reason, 'rate-limit store failed; letting requests through until it is back');
    }
    if (limited(request, reply, windows)) return false;
    if (token !== null) admit(request, reply, known !== undefined ? known : await tokens.identify(token));
    return true;
  }

  app.decorateRequest('edgeIdentity', null);
  app.decorateRequest('identityAssertion', null);

  app.addHook('onRequest', (request, reply, done) => {
    delete request.raw.headers[IDENTITY_HEADER];

    const presented = presentedCredential(request.headers);
    if (isCrossSiteRequest(request, presented.credential, presented.hasSessionCookie, originPolicy)) {
      request.log.info(
        { origin: request.headers.origin, referer: request.headers.referer, method: request.method },
        'cross-site request refused',
      );
      sendError(reply, 403, 'Cross-site request refused', GatewayErrorCode.CsrfRejected);
      return;
    }

    const windows: Window[] = [];
    let exact: Promise<Window> | null = null;
    for (const scope of rateScopes(request.method, pathOf(request.url), request.ip, limits)) {
      if (scope.exact && exactInStore) exact = countExactly(store, scope);
      else windows.push({ limit: scope.limit, ...counter.hit(scope.key) });
    }
    const known = presented.token === null ? null : tokens.peek(presented.token);

    if (exact === null && known !== undefined) {
      if (limited(request, reply, windows)) return;
      if (presented.token !== null) admit(request, reply, known);
      done();
      return;
    }
    decide(request, reply, windows, exact, presented.token, known).then(
      (proceed) => proceed && done(),
      (err: unknown) => done(err as Error),
    );
  });
}
