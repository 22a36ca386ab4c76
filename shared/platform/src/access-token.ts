/**
 * The access token contract, in one place: the auth service signs, the gateway verifies, tests
 * mint. An HS256 JWT signed with ACCESS_TOKEN_SECRET, issuer `kora-auth`, audience `kora`, claims
 * `sub` (the numeric user id, as a string), `role` ('user' | 'admin') and `sid` (the auth session),
 * short-lived (15 minutes by default; refresh tokens renew it).
 */
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Identity } from './identity.js';

export const ACCESS_TOKEN_ISSUER = 'kora-auth';
export const ACCESS_TOKEN_AUDIENCE = 'kora';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const claimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,15}$/),
  role: z.enum(['user', 'admin']),
  sid: z.string().min(1).max(200),
});

export async function signAccessToken(identity: Identity, secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ role: identity.role, sid: identity.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(identity.userId))
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

export type AccessTokenVerifier = (token: string) => Promise<Identity | null>;

export function createAccessTokenVerifier(secret: string): AccessTokenVerifier {
  const key = new TextEncoder().encode(secret);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
        // Gateway and auth replicas run on different machines; a few seconds of clock skew must
        // not reject a token that was just issued.
        clockTolerance: 5,
      });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return null;
      const userId = Number(claims.data.sub);
      if (!Number.isSafeInteger(userId)) return null;
      return { userId, role: claims.data.role, sessionId: claims.data.sid };
    } catch {
      // Expired, wrong signature, wrong issuer, malformed: all the same to the caller.
      return null;
    }
  };
}

/**
 * The revocation flag: when a session ends (sign-out, revoke, password change or reset,
 * suspension), the auth service sets this key in the shared KeyValueStore for at least the access
 * token's lifetime, and the gateway refuses every token of that session at once.
 */
export function revokedSessionKey(sessionId: string): string {
  return `revoked-session:${sessionId}`;
}
