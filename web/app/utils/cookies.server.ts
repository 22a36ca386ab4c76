/**
 * The auth cookies are set by the auth service (through the gateway) as raw token strings, so
 * Remix's createCookie (which base64-JSON-encodes values) cannot read them; these helpers work on
 * the plain `name=value` form instead.
 */

/** Access token (short-lived JWT), read by the gateway and forwarded by api.server.ts. */
export const ACCESS_TOKEN_COOKIE = 'kora_at';
/** Refresh token; the web app never reads it, it only clears it on logout. */
export const REFRESH_TOKEN_COOKIE = 'kora_rt';

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function isHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}

/**
 * A Set-Cookie value that deletes `name`. Path must match the one the cookie was set with;
 * the auth cookies are expected on Path=/ (see web/README.md).
 */
export function expireCookie(request: Request, name: string): string {
  const attributes = ['Path=/', 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', 'HttpOnly', 'SameSite=Lax'];
  if (isHttps(request)) attributes.push('Secure');
  return `${name}=; ${attributes.join('; ')}`;
}
