/**
 * Authentication at the edge (carried out per request in edge-checks.ts). For every request the
 * gateway
 *   1. drops any `x-kora-identity` that came from outside (only the gateway may vouch for a caller),
 *   2. refuses cross-site requests riding on cookies (csrf.ts),
 *   3. verifies the access token (Authorization: Bearer, else the `kora_at` cookie) and, when it is
 *      valid and its session is not revoked, attaches the identity assertion the proxy forwards
 *      (both remembered per token until it expires: edge-tokens.ts).
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
import type { IncomingHttpHeaders } from 'node:http';
import { sessionCookies } from './cookies.js';
import type { Credential } from './csrf.js';

export const AUTH_STATE_HEADER = 'x-kora-auth';

export interface Presented {
  credential: Credential;
  token: string | null;
  /** Any Kora session cookie, even without a usable access token (the refresh cookie counts). */
  hasSessionCookie: boolean;
}

const BEARER = /^Bearer\s+(\S*)\s*$/i;

/** A bearer header wins over the cookie: it is what an API client means to use. */
export function presentedCredential(headers: IncomingHttpHeaders): Presented {
  const { access: accessCookie, present: hasSessionCookie } = sessionCookies(headers.cookie);
  const bearer = typeof headers.authorization === 'string' ? BEARER.exec(headers.authorization) : null;
  if (bearer) return { credential: 'bearer', token: bearer[1] ?? '', hasSessionCookie };
  if (accessCookie) return { credential: 'cookie', token: accessCookie, hasSessionCookie };
  return { credential: 'none', token: null, hasSessionCookie };
}
