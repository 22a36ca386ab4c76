/**
 * The access token on a WebSocket handshake to `/ws` (decision 015). Browsers cannot set headers on
 * a WebSocket, and other clients differ in what they can send, so besides `Authorization: Bearer`
 * and the `kora_at` cookie the handshake may carry the token
 *   - as a subprotocol: `Sec-WebSocket-Protocol: kora, bearer.<token>` (the entry that carries the
 *     token is never chosen; the service answers with `kora`, which the client must offer too, as
 *     RFC 6455 lets a server pick only a protocol the client offered), or
 *   - in the query: `/ws?access_token=<token>` (redacted in every log line: redactUrl).
 * In that order of preference: a header outranks the address. A token sent either way is not
 * attached by a browser on its own, so, like a bearer header, it needs no cross-site check.
 *
 * The token goes no further than the edge: the service gets the signed identity instead, so both
 * the query parameter and the token subprotocol are removed from what is forwarded.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { presentedCredential, type Presented } from './auth.js';

export const SOCKET_TOKEN_PARAMETER = 'access_token';
/** The subprotocol a client offers beside its token entry; the one the service answers with. */
export const SOCKET_PROTOCOL = 'kora';
export const TOKEN_PROTOCOL_PREFIX = 'bearer.';

function protocols(headers: IncomingHttpHeaders): string[] {
  const value = headers['sec-websocket-protocol'];
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

function queryToken(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const token = new URLSearchParams(url.slice(q + 1)).get(SOCKET_TOKEN_PARAMETER);
  return token || null;
}

/** The credential a handshake presents: a bearer header, then a token subprotocol, then the query, then the cookie. */
export function presentedSocketCredential(request: { url: string; headers: IncomingHttpHeaders }): Presented {
  const fromHeaders = presentedCredential(request.headers);
  if (fromHeaders.credential === 'bearer') return fromHeaders;
  const offered = protocols(request.headers).find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX));
  const token = offered ? offered.slice(TOKEN_PROTOCOL_PREFIX.length) : queryToken(request.url);
  if (token) return { credential: 'bearer', token, hasSessionCookie: fromHeaders.hasSessionCookie };
  return fromHeaders;
}

/** The handshake's address without the token parameter, for the service. */
export function urlWithoutSocketToken(url: string): string {
  const q = url.indexOf('?');
  if (q < 0 || !url.includes(`${SOCKET_TOKEN_PARAMETER}=`, q)) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  params.delete(SOCKET_TOKEN_PARAMETER);
  const rest = params.toString();
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

/** The offered subprotocols without the token entry, or undefined when none is left. */
export function protocolsWithoutToken(headers: IncomingHttpHeaders): string | undefined {
  const kept = protocols(headers).filter((p) => !p.startsWith(TOKEN_PROTOCOL_PREFIX));
  return kept.length > 0 ? kept.join(', ') : undefined;
}
