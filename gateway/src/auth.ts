/**
 * Authentication at the edge. For every request the gateway
 *   1. drops any `x-kora-identity` that came from outside (only the gateway may vouch for a caller),
 *   2. refuses cross-site requests riding on cookies (csrf.ts),
 *   3. verifies the access token (Authorization: Bearer, else the `kora_at` cookie) and, when it is
 *      valid and its session is not revoked, signs an identity assertion that the proxy forwards.
 *
 * It does not reject anonymous callers or bad tokens: whether a route needs a member is the owning
 * service's decision. A bad token only earns `x-kora-auth: invalid-token` on the answer, telling the
 * client to refresh (or sign in again) instead of guessing from a 401.
 *
 * Revoked sessions — contract with the auth service: when a session is revoked (sign-out, "sign out
 * of other devices", password change, suspension), auth writes the key `revoked-session:<sid>` (any
 * value) to the shared KeyValueStore with a TTL of at least the access-token lifetime. The gateway
 * treats any token whose `sid` has that key as invalid. If the store cannot be read, the token is
 * accepted (fail open, logged): access tokens are short-lived, and a Redis outage must not sign
 * every member out.
 */
import type { KeyValueStore, Logger } from '@kora/platform';
import { IDENTITY_HEADER, signIdentity, type Identity } from '@kora/platform/identity';
import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { createAccessTokenVerifier, revokedSessionKey } from '@kora/platform/access-token';
import { ACCESS_TOKEN_COOKIE, readCookie, REFRESH_TOKEN_COOKIE } from './cookies.js';
import { isCrossSiteRequest, type Credential } from './csrf.js';
import { GatewayErrorCode, sendError } from './errors.js';
import type { OriginPolicy } from './origins.js';
import { throttledWarner, withDeadline } from './store-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member the access token proves, or null (anonymous or bad token). */
    edgeIdentity: Identity | null;
    /** The signed `x-kora-identity` value to forward upstream, or null. */
    identityAssertion: string | null;
  }
}

export const AUTH_STATE_HEADER = 'x-kora-auth';

interface Presented {
  credential: Credential;
  token: string | null;
  /** Any Kora session cookie, even without a usable access token (the refresh cookie counts). */
  hasSessionCookie: boolean;
}

const BEARER = /^Bearer\s+(\S*)\s*$/i;

/** A bearer header wins over the cookie: it is what an API client means to use. */
export function presentedCredential(headers: IncomingHttpHeaders): Presented {
  const cookieHeader = headers.cookie;
  const accessCookie = readCookie(cookieHeader, ACCESS_TOKEN_COOKIE);
  const hasSessionCookie = Boolean(accessCookie || readCookie(cookieHeader, REFRESH_TOKEN_COOKIE));
  const bearer = typeof headers.authorization === 'string' ? BEARER.exec(headers.authorization) : null;
  if (bearer) return { credential: 'bearer', token: bearer[1] ?? '', hasSessionCookie };
  if (accessCookie) return { credential: 'cookie', token: accessCookie, hasSessionCookie };
  return { credential: 'none', token: null, hasSessionCookie };
}

export interface EdgeAuthOptions {
  accessTokenSecret: string;
  internalSecret: string;
  store: KeyValueStore;
  originPolicy: OriginPolicy;
  log: Logger;
}

export function installEdgeAuth(app: FastifyInstance, options: EdgeAuthOptions): void {
  const verify = createAccessTokenVerifier(options.accessTokenSecret);
  const warn = throttledWarner(options.log);

  async function isRevoked(sessionId: string): Promise<boolean> {
    try {
      return (await withDeadline(options.store.get(revokedSessionKey(sessionId)))) !== null;
    } catch (err) {
      warn(err, 'revoked-session lookup failed; accepting access tokens until the store is back');
      return false;
    }
  }

  app.decorateRequest('edgeIdentity', null);
  app.decorateRequest('identityAssertion', null);

  app.addHook('onRequest', async (request, reply) => {
    delete request.raw.headers[IDENTITY_HEADER];

    const presented = presentedCredential(request.headers);
    if (isCrossSiteRequest(request, presented.credential, presented.hasSessionCookie, options.originPolicy)) {
      request.log.info(
        { origin: request.headers.origin, referer: request.headers.referer, method: request.method },
        'cross-site request refused',
      );
      return sendError(reply, 403, 'Cross-site request refused', GatewayErrorCode.CsrfRejected);
    }
    if (presented.token === null) return;

    const identity = await verify(presented.token);
    if (identity && !(await isRevoked(identity.sessionId))) {
      request.edgeIdentity = identity;
      request.identityAssertion = signIdentity(identity, options.internalSecret);
      return;
    }
    reply.header(AUTH_STATE_HEADER, 'invalid-token');
  });
}
