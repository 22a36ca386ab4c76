/**
 * CORS for integrators' browser apps calling `/api` from another origin (the allow-list in
 * origins.ts). The Kora web app is same-origin and needs none of it; pages, assets and uploads never
 * get CORS headers. Registered before rate limits and auth so their refusals (429, 403) still carry
 * the CORS headers an allowed browser needs to read them.
 *
 * @fastify/cors owns `OPTIONS *`: allowed preflights are answered in its hook, anything else it
 * passes to the not-found handler, which the proxy uses to route the OPTIONS request on.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { isApiPath, pathOf } from './paths.js';
import type { OriginPolicy } from './origins.js';

export async function installCors(app: FastifyInstance, policy: OriginPolicy): Promise<void> {
  await app.register(cors, {
    hook: 'onRequest',
    delegator(request, callback) {
      const origin = request.headers.origin;
      if (!isApiPath(pathOf(request.url)) || typeof origin !== 'string' || !policy.isAllowed(origin)) {
        return callback(null, { origin: false });
      }
      callback(null, {
        origin,
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Request-Id'],
        exposedHeaders: [
          'X-Request-Id',
          'X-Kora-Auth',
          'Retry-After',
          'RateLimit-Limit',
          'RateLimit-Remaining',
          'RateLimit-Reset',
        ],
        maxAge: 600,
      });
    },
  });
  // A proxied answer's own `Vary` replaces the one @fastify/cors set; a cache must still keep
  // answers for different origins apart.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.hasHeader('access-control-allow-origin')) {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/(^|,)\s*origin\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, Origin` : 'Origin');
    }
    done(null, payload);
  });
}
