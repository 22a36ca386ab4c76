/**
 * Browser hardening headers on every response, whoever produced it (the gateway itself, a service or
 * the web app), so no route can forget them.
 *
 * HTML gets a Content-Security-Policy whose script-src only allows scripts carrying this request's
 * nonce. The nonce is made here and handed to the web app as `x-csp-nonce` (see proxy.ts) so the
 * SSR output can stamp it on its own inline scripts; an injected script cannot know it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';

declare module 'fastify' {
  interface FastifyRequest {
    /** Fresh per request; only meaningful for HTML responses. */
    readonly cspNonce: string;
    cspNonceValue: string | null;
  }
}

export const CSP_NONCE_HEADER = 'x-csp-nonce';

const STATIC_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
};

const STATIC_HEADER_LIST = Object.entries(STATIC_HEADERS);

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

function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.toLowerCase().startsWith('text/html');
}

export function installSecurityHeaders(app: FastifyInstance): void {
  // Made on first use: only a request for the web app (its HTML) needs one, and 16 random bytes
  // per API request were a measurable share of the gateway's time under load.
  app.decorateRequest('cspNonceValue', null);
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      return (this.cspNonceValue ??= randomBytes(16).toString('base64'));
    },
  });
  // onSend runs for proxied answers too (forward.ts copies the upstream headers onto the reply
  // first), so the gateway's values win over whatever an upstream sent. (The upstreams' revealing
  // headers are left out when their answer is copied: proxy.ts.)
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of STATIC_HEADER_LIST) reply.header(name, value);
    if (isHtml(reply.getHeader('content-type'))) {
      reply.header('content-security-policy', contentSecurityPolicy(request.cspNonce));
    }
    done(null, payload);
  });
}
