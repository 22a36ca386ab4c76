/**
 * Writing answers on the raw response: the headers the edge puts on every answer (its own
 * decisions, the security headers, Vary for CORS), and the answers the edge gives itself (refusals,
 * preflights) in the one error shape `{ error, message, code }`.
 */
import { errorBody, inLocale, negotiateLanguage } from '@kora/contracts';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { varyWithOrigin } from './cors.js';
import type { EdgeRequest } from './edge-request.js';
import type { Refusal } from './errors.js';
import { contentSecurityPolicy, CSP_HEADER, isHtml, securityHeadersFor } from './security-headers.js';

/** Puts the edge's headers on an answer's headers, replacing any of the same name. */
export function addEdgeHeaders(edge: EdgeRequest, headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const own = edge.answerHeaders;
  for (let i = 0; i < own.length; i += 2) headers[own[i]!] = own[i + 1];
  for (const [name, value] of securityHeadersFor(headers['content-type'])) headers[name] = value;
  if (isHtml(headers['content-type'])) headers[CSP_HEADER] = contentSecurityPolicy(edge.cspNonce, edge.mediaOrigins);
  // After the upstream's own Vary: a cache must keep answers for different origins apart.
  if (edge.corsAllowed) headers.vary = varyWithOrigin(headers.vary);
  return headers;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers with a refusal in the error shape, its text in the language the request's
 * Accept-Language asks for (a refusal's message is read when sent). Nothing is sent when the answer
 * has started already.
 */
export function sendRefusal(res: ServerResponse, edge: EdgeRequest, refusal: Refusal, extra: OutgoingHttpHeaders = {}): void {
  if (res.headersSent || res.destroyed) return;
  const asked = edge.headers['accept-language'];
  const language = negotiateLanguage(Array.isArray(asked) ? asked.join(',') : asked);
  const body = JSON.stringify(inLocale({ language }, () => errorBody(refusal.message, refusal.code)));
  const languageHeaders: OutgoingHttpHeaders = { vary: 'Accept-Language', ...(language === 'en' ? {} : { 'content-language': language }) };
  const headers = addEdgeHeaders(edge, {
    ...extra,
    ...languageHeaders,
    'content-type': JSON_TYPE,
    'content-length': Buffer.byteLength(body),
  });
  res.writeHead(refusal.status, headers);
  res.end(edge.method === 'HEAD' ? undefined : body);
}

/** The answer to an allowed CORS preflight (its headers were added by applyCors). */
export function sendPreflight(res: ServerResponse, edge: EdgeRequest): void {
  res.writeHead(204, addEdgeHeaders(edge, {}));
  res.end();
}
