/**
 * GET /internal/admin/post-stats?since=YYYY-MM-DD (decision 024): the dashboard's post counts for
 * the admin service. Internal: signed sibling-service calls only (the gateway does not route
 * `/internal`).
 */
import { INTERNAL_POST_STATS_PATH, internalPostStatsAnswer, internalStatsQuery } from '@kora/contracts';
import { errors, parseDay, requireServiceCall, type ServiceApp } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { dateInvalid } from '../errors.js';
import { postStats } from '../stats/post-stats.js';

export function internalStatsRoutes(app: ServiceApp, posts: Posts): void {
  app.get(
    INTERNAL_POST_STATS_PATH,
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalPostStats',
        summary: 'Posts not removed, and posts created per day of KORA_TIME_ZONE since a day',
        querystring: internalStatsQuery,
        response: { 200: internalPostStatsAnswer, 400: errors[400], 403: errors[403] },
      },
      // Refused before the query is read: outsiders learn nothing from validation answers.
      onRequest: async (request) => {
        requireServiceCall(request);
      },
    },
    async (request) => {
      const since = parseDay(request.query.since);
      if (!since) throw dateInvalid();
      return postStats(posts, since);
    },
  );
}
