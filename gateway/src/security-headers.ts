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
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export const STATIC_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ...helmetHeaders(),
  ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
];

/** Every header name this module sets: an upstream's header by one of these names is dropped. */
export const SECURITY_HEADER_NAMES: ReadonlySet<string> = new Set([...STATIC_SECURITY_HEADERS.map(([name]) => name), CSP_HEADER]);

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
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
