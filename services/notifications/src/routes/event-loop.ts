/**
 * GET /internal/event-loop (sibling services and the bench, signed x-kora-service header): how long
 * this instance's event loop kept callbacks waiting since the previous call (live/event-loop.ts).
 * Each answer closes its window and opens the next one.
 */
import { errorBodySchema } from '@kora/contracts';
import { requireServiceCall, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { EventLoopDelay, EventLoopWindow } from '../live/event-loop.js';

const windowSchema = z.object({
  windowMs: z.number(),
  samples: z.number(),
  p50Ms: z.number(),
  p90Ms: z.number(),
  p99Ms: z.number(),
  maxMs: z.number(),
}) satisfies z.ZodType<EventLoopWindow>;

export function eventLoopRoute(app: ServiceApp, delay: EventLoopDelay): void {
  app.get(
    '/internal/event-loop',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalEventLoopDelay',
        summary: "This instance's event-loop delay since the previous call, in milliseconds (sibling services only)",
        response: { 200: windowSchema, 403: errorBodySchema },
      },
      onRequest: async (request) => void requireServiceCall(request),
    },
    async () => delay.read(),
  );
}
