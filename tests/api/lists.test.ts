/**
 * The list calls as integrators see them through the gateway (decision 015): every call the product
 * says answers "a list" (docs/product) answers a bare JSON array; paged lists put the next page in `Link`
 * (rel="next") and `X-Next-Cursor`, both absent on the last page; `cursor=0` is the first page;
 * refusals carry the product text in `error` (and the same in `message`) with a stable `code`.
 */
import type { Notification, Post } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { api, body, MODE } from './support/product.js';

/** The target of a `Link: <…>; rel="next"` header. */
const nextLink = (res: Response) => /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1];

describe(`lists through the gateway (${MODE})`, () => {
  let ada: Awaited<ReturnType<typeof signedInMember>>;
  let bola: SignedIn;
  const posts: number[] = [];

  beforeAll(async () => {
    [ada, bola] = await Promise.all([signedInMember(), signedInMember()]);
    for (let i = 0; i < 3; i++) {
      const res = await api('/api/posts', json({ userId: ada.user.user_id, content: `List post ${i}` }, ada.token));
      expect(res.status).toBe(201);
      posts.push((await body<Post>(res)).id);
    }
  });

  it('pages the feed as arrays, following Link to the end, from cursor 0', async () => {
    const first = await api(`/api/posts?authorId=${ada.user.user_id}&cursor=0&limit=2`, auth(ada.token));
    expect(first.status).toBe(200);
    expect((await body<Post[]>(first)).map((p) => p.id)).toEqual([posts[2], posts[1]]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(nextLink(first)).toBe(`/api/posts?authorId=${ada.user.user_id}&cursor=${cursor}&limit=2`);

    const last = await api(nextLink(first)!, auth(ada.token));
    expect((await body<Post[]>(last)).map((p) => p.id)).toEqual([posts[0]]);
    expect(last.headers.get('link')).toBeNull();
    expect(last.headers.get('x-next-cursor')).toBeNull();

    const unpaged = await body<Post[]>(await api(`/api/posts?authorId=${ada.user.user_id}`, auth(ada.token)));
    expect(await body<Post[]>(await api(`/api/posts?authorId=${ada.user.user_id}&cursor=0`, auth(ada.token)))).toEqual(unpaged);
  });

  it('pages saved posts the same way', async () => {
    for (const id of posts) expect((await api('/api/saves', json({ postId: id }, bola.token))).status).toBe(201);
    const first = await api('/api/saves?cursor=0&limit=2', auth(bola.token));
    expect((await body<Post[]>(first)).map((p) => p.id)).toEqual([posts[2], posts[1]]);
    const last = await api(nextLink(first)!, auth(bola.token));
    expect((await body<Post[]>(last)).map((p) => p.id)).toEqual([posts[0]]);
    expect(last.headers.get('link')).toBeNull();
  });

  it('pages notifications, newest first, from cursor 0', async () => {
    for (const id of posts) expect((await api(`/api/posts/${id}/react`, json({ reaction: 'like' }, bola.token))).status).toBe(200);
    const likes = await readUntil(
      async () => body<Notification[]>(await api('/api/notifications?cursor=0', auth(ada.token))),
      (list) => list.length >= 3,
      30_000,
    );
    expect(likes).toHaveLength(3);
    const first = await api('/api/notifications?cursor=0&limit=2', auth(ada.token));
    const page = await body<Notification[]>(first);
    expect(page.map((n) => n.id)).toEqual(likes.slice(0, 2).map((n) => n.id));
    expect(first.headers.get('x-next-cursor')).toBe(String(page[1]!.id));
    expect(nextLink(first)).toBe(`/api/notifications?cursor=${page[1]!.id}&limit=2`);
    const rest = await body<Notification[]>(await api(nextLink(first)!, auth(ada.token)));
    expect(rest[0]!.id).toBe(likes[2]!.id);
  }, 60_000);

  it('answers bare arrays for memories, friends lists and user search', async () => {
    const memories = await api('/api/memories', auth(ada.token));
    expect(await body<unknown>(memories)).toEqual([]);
    expect(memories.headers.get('x-memories-date')).toMatch(/^\d{4}-\d\d-\d\d$/);
    for (const path of [
      '/api/friends/requests',
      '/api/friends/list',
      '/api/friends/suggestions',
      `/api/users/search?q=${ada.member.username}`,
    ]) {
      const res = await api(path, auth(ada.token));
      expect(res.status, path).toBe(200);
      expect(Array.isArray(await res.json()), path).toBe(true);
    }
  });

  it('refuses a bad cursor with the text in error and message and a stable code', async () => {
    const res = await api('/api/posts?cursor=not-a-cursor', auth(ada.token));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'The page cursor is not valid',
      message: 'The page cursor is not valid',
      code: 'CURSOR_INVALID',
    });
    const notes = await api('/api/notifications?cursor=-1', auth(ada.token));
    expect(notes.status).toBe(400);
    const refusal = await body<{ error: string; message: string; code: string }>(notes);
    expect(refusal.error).toBe(refusal.message);
    expect(refusal.code).toBe('VALIDATION_FAILED');
  });
});
