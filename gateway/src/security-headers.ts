/**
 * Browser hardening headers on every answer, whoever produced it (the gateway itself, a service or
 * the web app), so no route can forget them. They replace whatever an upstream sent by the same name.
 *
 * The fixed set is helmet's (the Express/node:http package, with the choices below), taken once at
 * start-up rather than run as middleware per request: the gateway's pipeline writes each answer's
 * headers in one `writeHead` (decision 014), and the set never changes between requests. Helmet
 * knows no Permissions-Policy, so that one is ours.
 *
 * HTML gets a Content-Security-Policy whose script-src only allows scripts carrying this request's
 * nonce. The nonce is made by the edge (EdgeRequest.cspNonce) and handed to the web app as
 * `x-csp-nonce` (proxy.ts) so the SSR output can stamp it on its own inline scripts; an injected
 * script cannot know it. It changes per request, so it is built here, not by helmet.
 */
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CSP_NONCE_HEADER = 'x-csp-nonce';
export const CSP_HEADER = 'content-security-policy';

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  // Per request (the nonce): contentSecurityPolicy() below.
  contentSecurityPolicy: false,
  // Kora is never framed, by anyone.
  frameguard: { action: 'deny' },
  // Other sites learn which site a visitor came from, never which page (a profile, a post).
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Media under /uploads may be shown by the product's own apps on sibling hosts.
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/** The headers helmet sets with HELMET_OPTIONS, in the order it sets them, names in lower case. */
export function helmetHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: unknown) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused its options', { cause: failure });
  return headers;
}

export const STATIC_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ...helmetHeaders(),
  ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
];

/**
 * Headers a browser reads only on a document (a page it shows or might frame): framing, opener and
 * agent-cluster isolation, permissions, DNS prefetch, IE downloads and XSS filter, Adobe cross-domain
 * policies, and the referrer policy (a stylesheet's own would only repeat the browser's default,
 * which is ours). Scripts and stylesheets are never documents, and a page loads a dozen or more of them on
 * HTTP/1.1, where these ~300 bytes a file are sent uncompressed every time: they go without.
 */
const DOCUMENT_ONLY_HEADERS: ReadonlySet<string> = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
]);

/** What scripts and stylesheets carry: nosniff, the resource policy and HSTS. */
export const SUBRESOURCE_SECURITY_HEADERS: readonly (readonly [string, string])[] = STATIC_SECURITY_HEADERS.filter(
  ([name]) => !DOCUMENT_ONLY_HEADERS.has(name),
);

/**
 * What JSON answers carry: the subresource set and the framing refusal, as OWASP's REST guidance
 * asks of an API (a JSON document a hostile page frames must still refuse it). The other document
 * headers mean nothing to a fetch, and the API is most of what a phone downloads (decision 019).
 */
export const JSON_SECURITY_HEADERS: readonly (readonly [string, string])[] = STATIC_SECURITY_HEADERS.filter(
  ([name]) => !DOCUMENT_ONLY_HEADERS.has(name) || name === 'x-frame-options',
);

const SUBRESOURCE_TYPES = ['text/javascript', 'application/javascript', 'text/css'];

function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/** The fixed security headers for an answer of `contentType`: all of them, but for JSON, a script or a stylesheet. */
export function securityHeadersFor(contentType: unknown): readonly (readonly [string, string])[] {
  if (typeof contentType !== 'string') return STATIC_SECURITY_HEADERS;
  // The API's own answers all say exactly this: no parsing for the common case.
  if (contentType === 'application/json; charset=utf-8') return JSON_SECURITY_HEADERS;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (isJsonType(type)) return JSON_SECURITY_HEADERS;
  return SUBRESOURCE_TYPES.includes(type) ? SUBRESOURCE_SECURITY_HEADERS : STATIC_SECURITY_HEADERS;
}

/** Every header name this module sets: an upstream's header by one of these names is dropped. */
export const SECURITY_HEADER_NAMES: ReadonlySet<string> = new Set([...STATIC_SECURITY_HEADERS.map(([name]) => name), CSP_HEADER]);

/**
 * `mediaOrigins`: where stored images and videos may also come from (MEDIA_ORIGINS: the bucket or
 * CDN the media service redirects to, decision 051), already joined with a leading space.
 */
export function contentSecurityPolicy(nonce: string, mediaOrigins = ''): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigins}`,
    `media-src 'self' blob:${mediaOrigins}`,
    "connect-src 'self' ws: wss:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.length >= 9 && contentType.slice(0, 9).toLowerCase() === 'text/html';
}
