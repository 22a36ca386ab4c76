/**
 * GET /internal/unread/:userId: a member's unread messages and waiting requests, for the
 * notifications service's daily digest (decision 039). Sibling services only (signed calls; the
 * gateway does not route `/internal`).
 */
import { errorBodySchema, unreadAnswer } from '@kora/contracts';
import { notFound, parsePathId, requireServiceCall, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Messages } from '../context.js';
import { unreadOf } from '../messages/marks.js';

export function internalRoutes(app: ServiceApp, m: Messages): void {
  app.get(
    '/internal/unread/:userId',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalUnreadMessages',
        summary: "A member's unread messages and waiting requests (sibling services only)",
        params: z.object({ userId: z.string().describe("The member's id") }),
        response: { 200: unreadAnswer, 403: errorBodySchema, 404: errorBodySchema },
      },
      // Before validation: a caller that is not a sibling service learns nothing about the input.
      onRequest: async (request) => void requireServiceCall(request),
    },
    async (request) =>
      unreadOf(
        m,
        m.ctx.db,
        parsePathId(request.params.userId, () => notFound('No such member')),
      ),
  );
}
