/**
 * "Who am I": the identity the gateway verified for this call. Clients and integrators use it to
 * check that their token is still good (a revoked session answers 401 here).
 */
import { callerSchema, errorBodySchema } from '@kora/contracts';
import { memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';

/** Registered inside the service's `memberRoutes` group (app.ts). */
export function sessionRoutes(app: ServiceApp): void {
  app.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        operationId: 'getSession',
        summary: 'The signed-in caller',
        ...memberOnly,
        response: { 200: callerSchema, 401: errorBodySchema },
      },
    },
    async (request) => memberOf(request),
  );
}
