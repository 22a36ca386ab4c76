/**
 * GET /api/admin/stats: the admin service owns no accounts or posts, so it asks their owners (auth
 * and posts, internal routes of contracts admin.ts) at once, in parallel, and joins the answers.
 * A sibling that is down, slow or answering nonsense makes the whole answer a 503 in the error
 * shape: half a dashboard with zeros would read as "nobody signed up".
 */
import {
  ADMIN_CHART_DAYS,
  INTERNAL_POST_STATS_PATH,
  INTERNAL_USER_STATS_PATH,
  internalPostStatsAnswer,
  internalUserStatsAnswer,
  type AdminStats,
  type ServiceName,
} from '@kora/contracts';
import { serviceUnavailable } from '@kora/platform/service';
import type { z } from 'zod';
import type { Admin } from '../context.js';
import { chartDays, countsByDay } from './days.js';

async function ask<T extends z.ZodType>(admin: Admin, target: ServiceName, path: string, schema: T): Promise<z.infer<T>> {
  const res = await admin.ctx.callService(target, path, { timeoutMs: 10_000 });
  const body: unknown = await res.json().catch(() => null);
  const parsed = schema.safeParse(body);
  if (res.status !== 200 || !parsed.success) {
    admin.ctx.log.error({ target, path, status: res.status }, 'stats: sibling answered unexpectedly');
    throw serviceUnavailable(target);
  }
  return parsed.data;
}

export async function dashboardStats(admin: Admin): Promise<AdminStats> {
  const days = chartDays(admin.config.KORA_TIME_ZONE, admin.now(), ADMIN_CHART_DAYS);
  const query = `?since=${days[0]}`;
  const [users, posts] = await Promise.all([
    ask(admin, 'auth', `${INTERNAL_USER_STATS_PATH}${query}`, internalUserStatsAnswer),
    ask(admin, 'posts', `${INTERNAL_POST_STATS_PATH}${query}`, internalPostStatsAnswer),
  ]);
  const signups = countsByDay(days, users.daily);
  const postCounts = countsByDay(days, posts.daily);
  return {
    totalUsers: users.totalUsers,
    pendingUsers: users.pendingUsers,
    notActivated: users.notActivated,
    banned: users.banned,
    posts: posts.posts,
    daily: days.map((day, i) => ({ day, signups: signups[i]!, posts: postCounts[i]! })),
  };
}
