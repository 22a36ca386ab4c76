/**
 * GET /api/presence?ids=1,2,3 -> [{ userId, online }] (a bare array, in the order asked, each id
 * once; at most 100). Members only. A member shows as online only while they have the app open
 * AND both they and the caller show their online status (privacy showOnline): whoever hides
 * theirs sees nobody's (decision 020, Presence).
 */
import { presenceListSchema, presenceQuery } from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import { visiblePresence } from '../rules/presence-visibility.js';

export function presenceRoutes(app: ServiceApp, n: Notifications): void {
  app.get(
    '/api/presence',
    {
      schema: {
        ...memberOnly,
        operationId: 'getPresence',
        summary: 'Which of these members are online now (as their and your privacy settings allow)',
        querystring: presenceQuery,
        response: { 200: presenceListSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => visiblePresence(n, memberOf(request).userId, request.query.ids),
  );
}
