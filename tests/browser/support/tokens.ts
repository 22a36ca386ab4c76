/**
 * Access tokens for browser tests, minted exactly as the auth service does (HS256 JWT via jose,
 * signed with ACCESS_TOKEN_SECRET, issuer/audience and claims `sub`, `role`, `sid`, 15 minutes),
 * so a test is "signed in" through the real gateway without a sign-up. The contract itself lives
 * in @kora/platform/access-token; reusing it keeps tests and gateway in step.
 */
import { signAccessToken } from '@kora/platform/access-token';

export interface TokenClaims {
  userId: number;
  role?: 'user' | 'admin';
  sessionId?: string;
}

export { ACCESS_TOKEN_COOKIE } from '@kora/contracts';

export function accessTokenSecret(): string {
  return process.env.ACCESS_TOKEN_SECRET ?? 'dev-access-secret-change-me';
}

export function mintAccessToken({ userId, role = 'user', sessionId = `browser-test-${userId}` }: TokenClaims): Promise<string> {
  return signAccessToken({ userId, role, sessionId }, accessTokenSecret());
}
