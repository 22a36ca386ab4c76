/**
 * The gateway's own health, answered here and never proxied (exact root paths; the web app has no
 * pages by these names):
 *   /healthz  the process is alive (no dependency checks, so a Redis blip restarts nothing),
 *   /readyz   the rate-limit/session store answers, so a load balancer only routes to a gateway
 *             that can enforce limits and revocations.
 * Plus `/api/health/services`: every upstream's `/healthz`, probed in parallel with a 1 s deadline,
 * for operators and tests.
 */
import type { KeyValueStore } from '@kora/platform';
import type { FastifyInstance } from 'fastify';
import type { UpstreamName, Upstreams } from './config.js';
import { withDeadline } from './store-guard.js';
import type { UpstreamClient } from './upstream-client.js';

const PROBE_TIMEOUT_MS = 1_000;
const READY_TIMEOUT_MS = 2_000;

export type ServiceHealth = 'ok' | 'down';

export interface HealthOptions {
  store: KeyValueStore;
  upstreams: Upstreams;
  client: UpstreamClient;
}

export function installGatewayHealth(app: FastifyInstance, options: HealthOptions): void {
  // Same answers as the services' health routes (platform http/health.ts), without their zod
  // serializer: the gateway has no schemas to compile.
  app.get('/healthz', () => Promise.resolve({ status: 'ok', service: 'gateway' }));
  app.get('/readyz', async (_request, reply) => {
    const store = await withDeadline(options.store.ping(), READY_TIMEOUT_MS).then(
      () => 'ok',
      (err: Error) => err.message || 'failed',
    );
    const ready = store === 'ok';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', service: 'gateway', checks: { store } });
  });

  async function probeAll(): Promise<Record<string, ServiceHealth>> {
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
    return Object.fromEntries(names.map((name, i) => [name, results[i]!]));
  }

  // Callers arriving while a probe round runs share it: one request must not fan out into eleven
  // probes per caller when a dashboard and a few scripts poll at once.
  let inFlight: Promise<Record<string, ServiceHealth>> | null = null;

  app.get('/api/health/services', async (_request, reply) => {
    inFlight ??= probeAll().finally(() => {
      inFlight = null;
    });
    const services = await inFlight;
    // Never cached: a stale "ok" is worse than no answer when something is on fire.
    reply.header('cache-control', 'no-store');
    return { services };
  });
}
