/**
 * The auth cookies. The web app's sign-in action receives the tokens from the auth service and
 * keeps them ONLY in httpOnly cookies (never in localStorage, never readable by scripts):
 * - `kora_at`: the short-lived access token; the gateway verifies it and vouches for the member.
 * - `kora_rt`: the rotating refresh token; only session.server.ts reads it, to renew the pair.
 * Both: `Path=/; HttpOnly; SameSite=Lax`, plus `Secure` when the gateway was reached over https.
 *
 * The values are raw token strings (the gateway reads them too), so Remix's createCookie, which
 * base64-JSON-encodes values, is not used; reading and writing are the `cookie` package's, the
 * parser the gateway uses too (decision 019). The names live in @kora/contracts.
 */
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@kora/contracts';
import { parse, serialize } from 'cookie';

export { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE };
/** The refresh cookie outlives many access tokens: 30 days. */
export const REFRESH_TOKEN_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  return parse(header)[name] ?? null;
}

/** Whether the member reached the gateway over https (it sets X-Forwarded-Proto). */
export function isHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}

/** A Set-Cookie value for one auth cookie: path-wide, httpOnly, Lax, Secure behind https. */
export function serializeCookie(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  const maxAge = Math.max(0, Math.floor(maxAgeSeconds));
  return serialize(name, value, {
    path: '/',
    maxAge,
    // An expired cookie also gets a date in the past, for clients that ignore Max-Age=0.
    expires: maxAge === 0 ? new Date(0) : undefined,
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
  });
}

/**
 * A Set-Cookie value that deletes `name`. Path must match the one the cookie was set with;
 * the auth cookies live on Path=/.
 */
export function expireCookie(request: Request, name: string): string {
  return serializeCookie(request, name, '', 0);
}

export interface TokenPair {
  token: string;
  refreshToken: string;
  /** Seconds until `token` expires. */
  expiresIn: number;
}

/** Set-Cookie values storing a fresh token pair: access for `expiresIn`, refresh for 30 days. */
export function authCookies(request: Request, tokens: TokenPair): string[] {
  return [
    serializeCookie(request, ACCESS_TOKEN_COOKIE, tokens.token, tokens.expiresIn),
    serializeCookie(request, REFRESH_TOKEN_COOKIE, tokens.refreshToken, REFRESH_TOKEN_MAX_AGE_SECONDS),
  ];
}

/** Set-Cookie values deleting both auth cookies (sign-out, refused refresh, stale session). */
export function clearAuthCookies(request: Request): string[] {
  return [expireCookie(request, ACCESS_TOKEN_COOKIE), expireCookie(request, REFRESH_TOKEN_COOKIE)];
}

/** Headers carrying the given Set-Cookie values (each on its own header line). */
export function cookieHeaders(cookies: readonly string[], into: Headers = new Headers()): Headers {
  for (const cookie of cookies) into.append('Set-Cookie', cookie);
  return into;
}
