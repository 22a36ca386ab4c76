/**
 * POST /api/signout: ends the caller's session on the server; its access and refresh
 * tokens stop working at once.
 */
import { errorBodySchema } from '@kora/contracts';
import { memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import { revokeSessions } from '../accounts/sessions.js';
import type { Auth } from '../context.js';

/** Registered inside the service's `memberRoutes` group (app.ts). */
export function signOutRoutes(app: ServiceApp, auth: Auth): void {
  const { ctx, tables } = auth;

  app.post(
    '/api/signout',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'signOut',
        summary: "End the caller's session (its access and refresh tokens stop working at once)",
        ...memberOnly,
        response: { 204: z.null().describe('Signed out'), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const identity = memberOf(request);
      await ctx.transact((tx, emit) =>
        revokeSessions(
          tx,
          emit,
          ctx.store,
          tables,
          { userId: identity.userId, sessionIds: [identity.sessionId] },
          identity.userId,
          auth.now(),
        ),
      );
      return reply.code(204).send(null);
    },
  );
}
