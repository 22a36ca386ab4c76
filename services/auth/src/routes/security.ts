/**
 * The Security tab of Settings (change password; sessions with a revoke action each).
 * - PUT /api/settings/security/password { currentPassword, newPassword } -> ends the other sessions.
 * - GET /api/settings/security/sessions -> the caller's live sessions, the current one flagged.
 * - DELETE /api/settings/security/sessions/:id -> ends one of them; anyone else's is "not found".
 */
import { authTexts, changePasswordBody, errorBodySchema, messageAnswer, sessionSchema } from '@kora/contracts';
import { memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import { changeOwnPassword, endOwnSession, ownSessions } from '../accounts/own-security.js';
import type { Auth } from '../context.js';

/** Registered inside the service's `memberRoutes` group (app.ts). */
export function securityRoutes(app: ServiceApp, auth: Auth): void {
  app.put(
    '/api/settings/security/password',
    {
      schema: {
        tags: ['security'],
        operationId: 'changePassword',
        summary: 'Change your password (your other sessions end)',
        ...memberOnly,
        body: changePasswordBody,
        response: { 200: messageAnswer, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const identity = memberOf(request);
      await changeOwnPassword(auth, identity, request.body.currentPassword, request.body.newPassword);
      return { message: authTexts.passwordChanged };
    },
  );

  app.get(
    '/api/settings/security/sessions',
    {
      schema: {
        tags: ['security'],
        operationId: 'listSessions',
        summary: 'Your active sessions (most recently used first)',
        ...memberOnly,
        response: { 200: z.array(sessionSchema), 401: errorBodySchema },
      },
    },
    async (request) => ownSessions(auth, memberOf(request)),
  );

  app.delete(
    '/api/settings/security/sessions/:id',
    {
      schema: {
        tags: ['security'],
        operationId: 'endSession',
        summary: 'End one of your sessions',
        ...memberOnly,
        params: z.object({ id: z.string() }),
        response: { 204: z.null().describe('Session ended'), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await endOwnSession(auth, memberOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
