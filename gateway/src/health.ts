/**
 * The gateway's own health, answered here and never proxied (exact root paths; the web app has no
 * pages by these names):
 *   /healthz  the process is alive (no dependency checks, so a Redis blip restarts nothing),
 *   /readyz   the rate-limit/session store answers, so a load balancer only routes to a gateway
 *             that can enforce limits and revocations.
 * Plus `/api/health/services`: every upstream's `/healthz`, probed in parallel with a 1 s deadline,
 * for operators and tests.
 */
import { installHealth, type KeyValueStore } from '@kora/platform';
import type { FastifyInstance } from 'fastify';
import type { UpstreamName, Upstreams } from './config.js';
import type { UpstreamClient } from './upstream-client.js';

const PROBE_TIMEOUT_MS = 1_000;

export type ServiceHealth = 'ok' | 'down';

export interface HealthOptions {
  store: KeyValueStore;
  upstreams: Upstreams;
  client: UpstreamClient;
}

export function installGatewayHealth(app: FastifyInstance, options: HealthOptions): void {
  installHealth(app, 'gateway', { store: () => options.store.ping() });

  app.get('/api/health/services', async (_request, reply) => {
    const names = Object.keys(options.upstreams) as UpstreamName[];
    const results = await Promise.all(
      names.map(async (name): Promise<ServiceHealth> => {
        try {
          const { status } = await options.client.getJson(`${options.upstreams[name]}/healthz`, PROBE_TIMEOUT_MS);
          return status >= 200 && status < 300 ? 'ok' : 'down';
        } catch {
          return 'down';
        }
      }),
    );
    // Never cached: a stale "ok" is worse than no answer when something is on fire.
    reply.header('cache-control', 'no-store');
    return { services: Object.fromEntries(names.map((name, i) => [name, results[i]])) };
  });
}
