/**
 * The access token contract, in one place: the auth service signs, the gateway verifies, tests
 * mint. An HS256 JWT signed with ACCESS_TOKEN_SECRET, issuer `kora-auth`, audience `kora`, claims
 * `sub` (the numeric user id, as a string), `role` ('user' | 'admin'), `sid` (the auth session) and,
 * for an admin who must turn on two-step sign-in first, `tsm: true` (decision 033),
 * short-lived (15 minutes by default; refresh tokens renew it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { KeyValueStore } from './cache/store.js';
import type { Identity } from './identity.js';

export const ACCESS_TOKEN_ISSUER = 'kora-auth';
export const ACCESS_TOKEN_AUDIENCE = 'kora';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const claimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,15}$/),
  role: z.enum(['user', 'admin']),
  sid: z.string().min(1).max(200),
  /** Decision 033: an admin the site requires two-step sign-in of, without it (absent otherwise). */
  tsm: z.literal(true).optional(),
});

export async function signAccessToken(identity: Identity, secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  const claims = identity.twoStepMissing
    ? { role: identity.role, sid: identity.sessionId, tsm: true }
    : { role: identity.role, sid: identity.sessionId };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(identity.userId))
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

export type AccessTokenVerifier = (token: string) => Promise<Identity | null>;

/** A verified token: whom it proves, and until when (milliseconds, clock tolerance included). */
export interface VerifiedAccessToken {
  identity: Identity;
  validUntilMs: number;
}

/**
 * Gateway and auth replicas run on different machines; a few seconds of clock skew must not reject
 * a token that was just issued, nor one that expires as it travels.
 */
const CLOCK_TOLERANCE_SECONDS = 5;

export function createAccessTokenChecker(secret: string): (token: string) => Promise<VerifiedAccessToken | null> {
  const key = new TextEncoder().encode(secret);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return null;
      const userId = Number(claims.data.sub);
      if (!Number.isSafeInteger(userId)) return null;
      const identity: Identity = { userId, role: claims.data.role, sessionId: claims.data.sid };
      if (claims.data.tsm) identity.twoStepMissing = true;
      return {
        identity,
        validUntilMs: (payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000,
      };
    } catch {
      // Expired, wrong signature, wrong issuer, malformed: all the same to the caller.
      return null;
    }
  };
}

export function createAccessTokenVerifier(secret: string): AccessTokenVerifier {
  const check = createAccessTokenChecker(secret);
  return async (token) => (await check(token))?.identity ?? null;
}

/**
 * The revocation contract between auth and the gateways: when a session ends (sign-out, revoke,
 * password change or reset, suspension), auth calls `announceRevokedSession`, which
 *   - sets `revoked-session:<sid>` in the shared KeyValueStore for longer than an access token lives
 *     (a gateway that starts, or reconnects to Redis, reads these), and
 *   - publishes the sid on REVOKED_SESSIONS_CHANNEL, which every gateway subscribes to and applies
 *     to the set it checks each request against (gateway/src/revoked-sessions.ts),
 * both before auth answers. A pub/sub message can still reach a gateway after auth's answer does
 * (Redis may be descheduled between writing the two on a busy machine), so auth also names the
 * sessions a request ended in its answer (ENDED_SESSIONS_HEADER): the gateway that carries that
 * answer refuses them before the member's next request, and the others within moments.
 */
export const REVOKED_SESSIONS_CHANNEL = 'revoked-sessions';
export const REVOKED_KEY_PREFIX = 'revoked-session:';
/** Longer than an access token lives (15 min), so every token of a revoked session is covered. */
export const REVOKED_KEY_TTL_MS = 20 * 60 * 1000;

export function revokedSessionKey(sessionId: string): string {
  return `${REVOKED_KEY_PREFIX}${sessionId}`;
}

/** The session a `revoked-session:` key names, or null for any other key. */
export function sessionOfRevokedKey(key: string): string | null {
  return key.startsWith(REVOKED_KEY_PREFIX) ? key.slice(REVOKED_KEY_PREFIX.length) : null;
}

/** Auth's answer header naming, comma-separated, the sessions the request ended; never passed to clients. */
export const ENDED_SESSIONS_HEADER = 'x-kora-ended-sessions';

/** The sessions the request being handled has ended so far (set per request by the auth service). */
export const sessionsEndedByRequest = new AsyncLocalStorage<string[]>();

export async function announceRevokedSession(store: KeyValueStore, sessionId: string): Promise<void> {
  await store.set(revokedSessionKey(sessionId), '1', REVOKED_KEY_TTL_MS);
  await store.publish(REVOKED_SESSIONS_CHANNEL, sessionId);
  sessionsEndedByRequest.getStore()?.push(sessionId);
}

/** The session ids an ENDED_SESSIONS_HEADER value names (anything that is not one is ignored). */
export function endedSessionsOf(header: string): string[] {
  return header
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0 && id.length <= 200);
}
