/**
 * Deleting your own account (decision 034), in the Security tab of Settings:
 * - POST /api/settings/security/delete-account { password, confirmBalance?, code? } -> 202, when.
 *   Every session ends; signing in before then cancels it. A wallet with money in it is refused
 *   (409 BALANCE_NOT_EMPTY, with the amount) until the member sends confirmBalance: true.
 */
import { authTexts, deleteAccountAnswer, deleteAccountBody, errorBodySchema } from '@kora/contracts';
import { memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import { graceMs, requestDeletion } from '../accounts/deletion.js';
import type { Auth } from '../context.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Registered inside the service's `memberRoutes` group (app.ts). */
export function deletionRoutes(app: ServiceApp, auth: Auth): void {
  app.post(
    '/api/settings/security/delete-account',
    {
      schema: {
        tags: ['security'],
        operationId: 'deleteAccount',
        summary: 'Delete your account after a grace period (signing in before then cancels it)',
        ...memberOnly,
        body: deleteAccountBody,
        response: {
          202: deleteAccountAnswer,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
          423: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const deleteAt = await requestDeletion(auth, reply, memberOf(request), request.body);
      const days = Math.max(1, Math.round(graceMs(auth) / DAY_MS));
      return reply.code(202).send({ message: authTexts.deletionScheduled(days), deleteAt: deleteAt.toISOString() });
    },
  );
}
