/**
 * The dashboard's stats through the gateway (decision 024): the admin service asks auth and posts
 * (their internal stats routes) and joins the answers; the chart is the last 30 days of
 * KORA_TIME_ZONE (Africa/Lagos here), today last. A sign-up, an activation and a post show up at
 * once; a sibling that is down makes the answer a 503 in the error shape.
 */
import { ADMIN_CHART_DAYS, type AdminStats } from '@kora/contracts';
import { dayIn, formatDay } from '@kora/platform/service';
import { describe, expect, it } from 'vitest';
import { json, newMember, signedInMember } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, bearer, body, canControl, control, MODE } from './support/product.js';

const stats = async () => {
  const res = await api('/api/admin/stats', { headers: await bearer({ userId: 1, role: 'admin' }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return body<AdminStats>(res);
};

describe(`admin stats (${MODE})`, () => {
  it('is for admins only', async () => {
    expect((await api('/api/admin/stats')).status).toBe(401);
    const member = await api('/api/admin/stats', { headers: await bearer({ userId: 42 }) });
    expect(member.status).toBe(403);
    expect(await member.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('counts accounts and posts, and the last 30 days with today last', async () => {
    const before = await stats();
    expect(before.daily).toHaveLength(ADMIN_CHART_DAYS);
    const today = formatDay(dayIn(process.env.KORA_TIME_ZONE ?? 'Africa/Lagos', new Date()));
    expect(before.daily.at(-1)!.day).toBe(today);
    const days = before.daily.map((d) => d.day);
    expect([...days].sort()).toEqual(days);
    expect(new Set(days).size).toBe(ADMIN_CHART_DAYS);

    // One account left pending, one activated who posts.
    expect((await api('/api/signUp', json(newMember()))).status).toBe(201);
    const poster = await signedInMember();
    await createPost(poster, 'Counted on the dashboard');

    const after = await stats();
    expect(after.totalUsers).toBeGreaterThanOrEqual(before.totalUsers + 2);
    expect(after.pendingUsers).toBeGreaterThanOrEqual(before.pendingUsers + 1);
    expect(after.posts).toBeGreaterThanOrEqual(before.posts + 1);
    const todayBefore = before.daily.at(-1)!;
    const todayAfter = after.daily.at(-1)!;
    expect(todayAfter.signups).toBeGreaterThanOrEqual(todayBefore.signups + 2);
    expect(todayAfter.posts).toBeGreaterThanOrEqual(todayBefore.posts + 1);
    // The chart's days add up to no more than the totals.
    expect(after.daily.reduce((n, d) => n + d.signups, 0)).toBeLessThanOrEqual(after.totalUsers);
  });

  it.skipIf(!canControl)(
    'answers 503 in the error shape while posts is down, and recovers',
    async () => {
      await control('stop', 'posts');
      try {
        const res = await api('/api/admin/stats', { headers: await bearer({ userId: 1, role: 'admin' }) });
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({
          error: 'The posts service is unavailable. Please try again shortly.',
          message: 'The posts service is unavailable. Please try again shortly.',
          code: 'SERVICE_UNAVAILABLE',
        });
      } finally {
        await control('start', 'posts');
      }
      await stats();
    },
    90_000,
  );
});
