/**
 * GET /internal/admin/user-stats?since=YYYY-MM-DD (sibling services only): the account counts of
 * the admin dashboard (decision 024), asked by the admin service.
 * - totalUsers: every account; banned: suspended ones.
 * - pendingUsers: not activated, with an activation link still valid (unused, not expired:
 *   links live ACTIVATION_TTL_MS); notActivated: not activated, and no valid link left.
 * - daily: sign-ups per day of KORA_TIME_ZONE from `since` (00:00 there); days without any left out.
 */
import { errorBodySchema, INTERNAL_USER_STATS_PATH, internalStatsQuery, internalUserStatsAnswer } from '@kora/contracts';
import { parseDay, requireServiceCall, type ServiceApp } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Auth } from '../context.js';
import { statsDayInvalid } from '../errors.js';

export function internalStatsRoutes(app: ServiceApp, auth: Auth): void {
  const { ctx, tables } = auth;
  const { users, activationTokens: links } = tables;

  app.get(
    INTERNAL_USER_STATS_PATH,
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalUserStats',
        summary: "The admin dashboard's account counts and sign-ups per day (sibling services only)",
        querystring: internalStatsQuery,
        response: { 200: internalUserStatsAnswer, 400: errorBodySchema, 403: errorBodySchema },
      },
      // Before validation: a caller that is not a sibling service learns nothing about the input.
      onRequest: async (request) => void requireServiceCall(request),
    },
    async (request) => {
      const { since } = request.query;
      if (!parseDay(since)) throw statsDayInvalid();
      const zone = auth.config.KORA_TIME_ZONE;
      const now = auth.now();
      const validLink = sql`exists (select 1 from ${links} where ${links.userId} = ${users.id} and ${links.usedAt} is null and ${links.expiresAt} > ${now})`;
      const [counts] = await ctx.db
        .select({
          totalUsers: sql<number>`count(*)::int`,
          pendingUsers: sql<number>`(count(*) filter (where ${users.status} = 'pending' and ${validLink}))::int`,
          notActivated: sql<number>`(count(*) filter (where ${users.status} = 'pending' and not ${validLink}))::int`,
          banned: sql<number>`(count(*) filter (where ${users.status} = 'suspended'))::int`,
        })
        .from(users);
      const day = sql`to_char(${users.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
      const daily = await ctx.db
        .select({ day: sql<string>`${day}`, count: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.createdAt} >= (cast(${since} as date)::timestamp at time zone ${zone})`)
        // By position: the zone is a bound parameter, so the two spellings would not match as expressions.
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return { ...counts!, daily };
    },
  );
}
