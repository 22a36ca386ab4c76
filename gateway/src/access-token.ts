/**
 * The access token issued by the auth service and checked here, at the edge, once per request:
 * an HS256 JWT signed with ACCESS_TOKEN_SECRET, issuer `kora-auth`, audience `kora`, with claims
 * `sub` (the numeric user id, as a string), `role` ('user' | 'admin') and `sid` (the auth session).
 * Services never see the token's secret; they get the gateway's signed identity instead.
 */
import type { Identity } from '@kora/platform/identity';
import { jwtVerify } from 'jose';
import { z } from 'zod';

export const ACCESS_TOKEN_ISSUER = 'kora-auth';
export const ACCESS_TOKEN_AUDIENCE = 'kora';

const claimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,15}$/),
  role: z.enum(['user', 'admin']),
  sid: z.string().min(1).max(200),
});

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
