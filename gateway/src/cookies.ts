/**
 * The cookies the gateway reads. The auth service sets them (httpOnly, Secure, SameSite=Lax, path /);
 * the gateway only reads them and forwards the Cookie header untouched.
 */
export const ACCESS_TOKEN_COOKIE = 'kora_at';
export const REFRESH_TOKEN_COOKIE = 'kora_rt';

/** One cookie's value from a Cookie header, or undefined. No dependency for a ten-line parser. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
