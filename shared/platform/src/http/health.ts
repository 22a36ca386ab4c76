/**
 * `/healthz`: the process is alive (no dependency checks: a database outage must not get every pod
 * restarted). `/readyz`: every dependency answers within a short timeout, so a load balancer only
 * sends traffic to instances that can serve it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export type ReadinessCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 2_000;

const healthSchema = z.object({ status: z.literal('ok'), service: z.string() });
const readySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  service: z.string(),
  checks: z.record(z.string(), z.string()).describe('"ok", "timeout" or the failure message, per dependency'),
});

function withTimeout(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check().then(() => 'ok'),
    new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
    }),
  ])
    .catch((err: Error) => err.message || 'failed')
    .finally(() => clearTimeout(timer));
}

export function installHealth(app: FastifyInstance, service: string, checks: Record<string, ReadinessCheck>): void {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], operationId: 'getLiveness', summary: 'The process is alive', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const, service }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        operationId: 'getReadiness',
        summary: 'Every dependency (database, event bus, cache, job queue) answers',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const names = Object.keys(checks);
      const results = await Promise.all(names.map((name) => withTimeout(checks[name]!)));
      const ready = results.every((r) => r === 'ok');
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not ready',
        service,
        checks: Object.fromEntries(names.map((name, i) => [name, results[i]!])),
      });
    },
  );
}
