import { NOTIFICATION_PAGE_SIZE, notificationTexts, type Notification, type NotificationPage } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, like, memberIds, rowsOf, startNotifications, type NotificationsTestService } from '../test-support.js';

describe(`notifications API (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startNotifications();
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  /** The bare array as the page a client holds, with the cursor from X-Next-Cursor. */
  const page = async (userId: number, query = ''): Promise<NotificationPage> => {
    const res = await api.get(`/api/notifications${query}`, userId);
    expect(res.statusCode, res.body).toBe(200);
    const next = res.headers['x-next-cursor'];
    return { notifications: res.json<Notification[]>(), nextCursor: typeof next === 'string' ? Number(next) : null };
  };
  const unread = async (userId: number) => (await api.get('/api/notifications/unread-count', userId)).json().count as number;
  /** `count` likes on `owner`'s posts by distinct members; answers the notification ids, oldest first. */
  async function likes(owner: number, count: number): Promise<number[]> {
    for (let i = 0; i < count; i++) await like(svc, owner, nextId());
    return (await rowsOf(svc, owner)).map((r) => r.id).reverse();
  }

  it('answers 401 to anonymous callers on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/mark-read'],
      ['POST', '/api/notifications/mark-all-read'],
      ['POST', '/api/notifications/mark-seen'],
    ] as const) {
      const res = method === 'GET' ? await api.get(url, null) : await api.post(url, null, { ids: [1] });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: 'Please sign in to continue', message: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
    }
  });

  it('lists newest first, 20 a page, and pages with the last id as cursor', async () => {
    const me = nextId();
    expect(await page(me)).toEqual({ notifications: [], nextCursor: null });
    const ids = await likes(me, NOTIFICATION_PAGE_SIZE + 3);
    const newestFirst = [...ids].reverse();

    const first = await page(me);
    expect(first.notifications.map((n) => n.id)).toEqual(newestFirst.slice(0, NOTIFICATION_PAGE_SIZE));
    expect(first.nextCursor).toBe(newestFirst[NOTIFICATION_PAGE_SIZE - 1]);
    const second = await page(me, `?cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ nextCursor: null });
    expect(second.notifications.map((n) => n.id)).toEqual(newestFirst.slice(NOTIFICATION_PAGE_SIZE));

    const small = await page(me, '?limit=2');
    expect(small.notifications.map((n) => n.id)).toEqual(newestFirst.slice(0, 2));
    expect((await page(me, `?limit=2&cursor=${small.nextCursor}`)).notifications.map((n) => n.id)).toEqual(newestFirst.slice(2, 4));
    // Someone else's list is not mine.
    expect(await page(nextId())).toEqual({ notifications: [], nextCursor: null });
  });

  it('answers a bare array with the next page in Link and X-Next-Cursor, and takes cursor 0 as the first page', async () => {
    const me = nextId();
    const newestFirst = (await likes(me, 3)).reverse();
    const first = await api.get('/api/notifications?cursor=0&limit=2', me);
    expect(first.json<Notification[]>().map((n) => n.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.headers['x-next-cursor']).toBe(String(newestFirst[1]));
    expect(first.headers.link).toBe(`</api/notifications?cursor=${newestFirst[1]}&limit=2>; rel="next"`);
    const last = await api.get(`/api/notifications?cursor=${newestFirst[1]}&limit=2`, me);
    expect(last.json<Notification[]>().map((n) => n.id)).toEqual(newestFirst.slice(2));
    expect(last.headers.link).toBeUndefined();
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses a bad cursor or limit with 400', async () => {
    const me = nextId();
    for (const query of ['?cursor=abc', '?cursor=1.5', '?cursor=-4', '?limit=0', '?limit=51']) {
      const res = await api.get(`/api/notifications${query}`, me);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await api.get('/api/notifications?cursor=abc', me)).json().message).toBe(notificationTexts.cursorInvalid);
  });

  it("marks read only the caller's own ids; another member's stay untouched; the count never goes below 0", async () => {
    const [me, other] = [nextId(), nextId()];
    const mine = await likes(me, 3);
    const theirs = await likes(other, 2);
    expect(await unread(me)).toBe(3);

    const res = await api.post('/api/notifications/mark-read', me, { ids: [mine[0], mine[1], ...theirs] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, unread: 1 });
    expect(await unread(other)).toBe(2);
    expect((await rowsOf(svc, other)).every((r) => r.readAt === null && r.seenAt === null)).toBe(true);

    const listed = (await page(me)).notifications;
    expect(
      listed
        .filter((n) => n.readAt !== null)
        .map((n) => n.id)
        .sort(),
    ).toEqual([mine[0], mine[1]].sort());
    // Read means seen as well.
    expect(listed.filter((n) => n.seenAt !== null)).toHaveLength(2);

    // Again (and duplicates): nothing left to update, and no negative counts.
    expect((await api.post('/api/notifications/mark-read', me, { ids: [mine[0], mine[0], mine[1]] })).json()).toEqual({
      updated: 0,
      unread: 1,
    });
    expect((await api.post('/api/notifications/mark-read', me, { ids: [mine[2]] })).json()).toEqual({ updated: 1, unread: 0 });
    expect((await api.post('/api/notifications/mark-read', me, { ids: mine })).json()).toEqual({ updated: 0, unread: 0 });
    expect(await unread(me)).toBe(0);
  });

  it('refuses a mark-read body without ids', async () => {
    const me = nextId();
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: [0] }]) {
      const res = await api.post('/api/notifications/mark-read', me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.post('/api/notifications/mark-read', me, { ids: [] })).json().message).toBe(notificationTexts.idsInvalid);
  });

  it("marks all read (only the caller's)", async () => {
    const [me, other] = [nextId(), nextId()];
    await likes(me, 3);
    await likes(other, 1);
    expect((await api.post('/api/notifications/mark-all-read', me)).json()).toEqual({ updated: 3, unread: 0 });
    expect((await api.post('/api/notifications/mark-all-read', me)).json()).toEqual({ updated: 0, unread: 0 });
    expect(await unread(other)).toBe(1);
    expect((await page(me)).notifications.every((n) => n.readAt !== null && n.seenAt !== null)).toBe(true);
  });

  it('marks all seen without reading them', async () => {
    const [me, other] = [nextId(), nextId()];
    await likes(me, 2);
    await likes(other, 1);
    expect((await api.post('/api/notifications/mark-seen', me)).json()).toEqual({ updated: 2, unread: 2 });
    const listed = (await page(me)).notifications;
    expect(listed.every((n) => n.seenAt !== null && n.readAt === null)).toBe(true);
    expect((await api.post('/api/notifications/mark-seen', me)).json()).toEqual({ updated: 0, unread: 2 });
    expect((await rowsOf(svc, other))[0]!.seenAt).toBeNull();
  });
});
