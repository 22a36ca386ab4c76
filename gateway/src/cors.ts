/**
 * CORS for integrators' browser apps calling `/api` from another origin (the allow-list in
 * origins.ts). The Kora web app is same-origin and needs none of it; pages, assets and uploads never
 * get CORS headers. Installed before the edge checks so their refusals (429, 403) still carry the
 * headers an allowed browser needs to read them.
 *
 * An allowed preflight (OPTIONS with Access-Control-Request-Method) is answered here, 204, before
 * authentication (the browser sends no credentials with it); any other OPTIONS request goes on to
 * the service like any request.
 *
 * Written here rather than with @fastify/cors: its per-request options handling (our allow-list is
 * per path, so it ran in its "delegator" mode, which builds and merges option objects for every
 * request, with an Origin or not) was about 5% of the gateway's time under load, while what we need
 * is the few lines below; the decision is in docs/decisions/014-request-path-performance.md.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath, pathOf } from './paths.js';
import type { OriginPolicy } from './origins.js';

const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, X-Request-Id';
const EXPOSE_HEADERS = 'X-Request-Id, X-Kora-Auth, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** Adds Origin to the answer's Vary, once: a cache must keep answers for different origins apart. */
function varyOnOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  if (!/(^|,)\s*origin\s*(,|$)/i.test(current)) reply.header('vary', current ? `${current}, Origin` : 'Origin');
}

export function installCors(app: FastifyInstance, policy: OriginPolicy): void {
  app.decorateRequest('corsAllowed', false);

  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    // Most requests (same-origin pages, API clients) carry no Origin: nothing to do.
    if (typeof origin !== 'string' || !isApiPath(pathOf(request.url)) || !policy.isAllowed(origin)) return done();
    request.corsAllowed = true;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOW_METHODS);
      reply.header('access-control-allow-headers', ALLOW_HEADERS);
      reply.header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS);
      varyOnOrigin(reply);
      reply.code(204).send();
      return;
    }
    reply.header('access-control-expose-headers', EXPOSE_HEADERS);
    done();
  });

  // A proxied answer's own Vary replaces whatever was set before it arrived: add Origin after.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.corsAllowed) varyOnOrigin(reply);
    done(null, payload);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request came from an allowed foreign origin and carries CORS headers. */
    corsAllowed: boolean;
  }
}
