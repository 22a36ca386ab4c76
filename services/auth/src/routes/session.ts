/**
 * "Who am I": the identity the gateway verified for this call. Clients and integrators use it to
 * check that their token is still good (a revoked session answers 401 here).
 */
import { errorBodySchema } from '@kora/contracts';
import { requireMember, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';

const sessionSchema = z.object({
  userId: z.number().int(),
  role: z.enum(['user', 'admin']),
  sessionId: z.string(),
});

export function sessionRoutes(app: ServiceApp): void {
  app.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        operationId: 'getSession',
        summary: 'The signed-in caller',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionSchema, 401: errorBodySchema },
      },
    },
    async (request) => requireMember(request),
  );
}
