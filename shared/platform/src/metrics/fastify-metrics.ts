/**
 * A service's metrics over its own HTTP app: each answered request is recorded by its route
 * pattern (Fastify's `routeOptions.url`), and `GET /metrics` answers the process's registry. A
 * service's port is internal (the gateway forwards only the paths of the routing table, and
 * `/metrics` is none of them), so the route is open to whoever reaches that port (decision 052).
 */
// Its types give a route's schema `hide` (the API document leaves `/metrics` out).
import type {} from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { requestRecorder, UNMATCHED_ROUTE } from './http-requests.js';
import { metricsText } from './registry.js';

export const METRICS_PATH = '/metrics';

export function installMetrics(app: FastifyInstance, service: string): void {
  const record = requestRecorder(service);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    // Scrapes are not the service's traffic.
    if (route !== METRICS_PATH) record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const { contentType, text } = await metricsText();
    return reply.type(contentType).header('cache-control', 'no-store').send(text);
  });
}
