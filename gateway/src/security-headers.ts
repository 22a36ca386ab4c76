/**
 * Browser hardening headers on every answer, whoever produced it (the gateway itself, a service or
 * the web app), so no route can forget them. They replace whatever an upstream sent by the same name.
 *
 * HTML gets a Content-Security-Policy whose script-src only allows scripts carrying this request's
 * nonce. The nonce is made by the edge (EdgeRequest.cspNonce) and handed to the web app as
 * `x-csp-nonce` (proxy.ts) so the SSR output can stamp it on its own inline scripts; an injected
 * script cannot know it.
 */
export const CSP_NONCE_HEADER = 'x-csp-nonce';
export const CSP_HEADER = 'content-security-policy';

export const STATIC_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=()'],
  ['cross-origin-opener-policy', 'same-origin'],
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
