/**
 * Access tokens for browser tests, minted the way the auth service does (HS256 JWT signed with
 * ACCESS_TOKEN_SECRET), so a test can be "signed in" through the real gateway without a sign-up.
 */
import { SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  role?: 'user' | 'admin';
  sessionId?: string;
}

export const ACCESS_TOKEN_COOKIE = 'kora_at';

export async function mintAccessToken({ userId, role = 'user', sessionId = `browser-test-${userId}` }: TokenClaims) {
  const secret = new TextEncoder().encode(process.env.ACCESS_TOKEN_SECRET ?? 'dev-access-secret-change-me');
  return new SignJWT({ role, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(secret);
}
