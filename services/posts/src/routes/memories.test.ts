import type { Post } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { DATE_INVALID_TEXT } from '../errors.js';
import { setShadowHidden } from '../moderation/post-state.js';
import { backdate, memberIds, postsHandle, postsServiceForFile } from '../test-support.js';

describe(`memories (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile({ now: () => now, env: { KORA_TIME_ZONE: 'Africa/Lagos' } });
  const nextId = memberIds();
  // "Now" is 15 March 2026, 00:30 in Lagos (UTC+1): still 14 March in UTC.
  const now = new Date('2026-03-14T23:30:00Z');

  async function postAt(userId: number, at: string, content = at): Promise<Post> {
    const post = await file.api.createPost(userId, content);
    await backdate(file.svc, post.id, new Date(at));
    return post;
  }
  const memories = async (userId: number, query = '') => {
    const res = await file.api.get(`/api/memories${query}`, userId);
    expect(res.statusCode, res.body).toBe(200);
    return { posts: res.json<Post[]>(), date: res.headers['x-memories-date'] };
  };

  it("answers your posts from today's month and day in earlier years, newest first, in the service's time zone", async () => {
    const me = nextId();
    const lastYear = await postAt(me, '2025-03-15T10:00:00Z');
    const lateNightLagos = await postAt(me, '2023-03-14T23:15:00Z'); // 15 March 00:15 in Lagos
    const fiveYears = await postAt(me, '2021-03-15T22:59:00Z'); // 23:59 in Lagos, still the 15th
    await postAt(me, '2022-03-15T23:00:00Z'); // already the 16th in Lagos
    await postAt(me, '2024-03-14T12:00:00Z'); // the 14th
    await postAt(me, '2026-03-15T00:10:00Z'); // today, this year: not a memory
    await postAt(nextId(), '2025-03-15T10:00:00Z'); // someone else's

    const answer = await memories(me);
    expect(answer.date).toBe('2026-03-15');
    expect(answer.posts.map((p) => p.id)).toEqual([lastYear.id, lateNightLagos.id, fiveYears.id]);
    expect(answer.posts[0]).toMatchObject({ content: '2025-03-15T10:00:00Z', createdAt: '2025-03-15T10:00:00.000Z', author: { id: me } });
  });

  it('takes another day with ?date=, and leaves out deleted posts (hidden ones are still yours)', async () => {
    const me = nextId();
    const kept = await postAt(me, '2020-07-04T12:00:00Z');
    const hidden = await postAt(me, '2019-07-04T12:00:00Z');
    const deleted = await postAt(me, '2018-07-04T12:00:00Z');
    await setShadowHidden(postsHandle(file.svc), hidden.id, true);
    await file.api.delete(`/api/posts/${deleted.id}`, me);
    const answer = await memories(me, '?date=2024-07-04');
    expect(answer.date).toBe('2024-07-04');
    expect(answer.posts.map((p) => p.id)).toEqual([kept.id, hidden.id]);
    // Earlier years than the given date's only.
    expect((await memories(me, '?date=2019-07-04')).posts.map((p) => p.id)).toEqual([]);
  });

  it('answers an empty list on a day without memories', async () => {
    expect(await memories(nextId())).toEqual({ posts: [], date: '2026-03-15' });
  });

  it('refuses a date that is not a real YYYY-MM-DD day with 400', async () => {
    const me = nextId();
    for (const date of ['2025-02-29', '2026-13-01', 'yesterday', '15-03-2026', '2026-03-15T00:00:00Z', '']) {
      const res = await file.api.get(`/api/memories?date=${encodeURIComponent(date)}`, me);
      expect(res.statusCode, date).toBe(400);
      expect(res.json(), date).toMatchObject({ error: DATE_INVALID_TEXT, message: DATE_INVALID_TEXT });
    }
  });
});
