/**
 * The session cookies as the gateway reads them; it forwards the Cookie header untouched. Parsing
 * is the `cookie` package's (jshttp, the parser inside @fastify/cookie and Express; decision 019):
 * whole names only, percent-decoding, a value that does not decode kept as sent (RFC 6265 counts
 * a value's surrounding quotes as part of it; tokens never have any).
 */
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@kora/contracts';
import { parse } from 'cookie';

export interface SessionCookies {
  /** The access token, when the cookie is there and not empty. */
  access: string | undefined;
  /** Whether any Kora session cookie is there (the refresh cookie counts). */
  present: boolean;
}

const NONE: SessionCookies = { access: undefined, present: false };

export function sessionCookies(header: string | undefined): SessionCookies {
  if (!header) return NONE;
  const cookies = parse(header);
  const access = cookies[ACCESS_TOKEN_COOKIE] || undefined;
  return { access, present: Boolean(access || cookies[REFRESH_TOKEN_COOKIE]) };
}
