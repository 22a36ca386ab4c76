import { postTexts, type Post, type PostPage } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setShadowHidden } from '../moderation/post-state.js';
import { client, memberIds, postPage, postsHandle, startPosts, type PostsTestService } from '../test-support.js';

describe(`saved posts (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: PostsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startPosts();
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const saved = async (userId: number, query = '') => postPage(await api.get(`/api/saves${query}`, userId));
  const ids = (page: PostPage) => page.posts.map((p) => p.id);

  it('saves (201, twice is once), lists most recently saved first with hasSaved, and unsaves', async () => {
    const [author, me] = [nextId(), nextId()];
    const older = await api.createPost(author, 'older');
    const newer = await api.createPost(author, 'newer');

    const first = await api.post('/api/saves', me, { postId: newer.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ saved: true, postId: newer.id });
    expect((await api.post('/api/saves', me, { postId: older.id })).statusCode).toBe(201);
    const again = await api.post('/api/saves', me, { postId: newer.id });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ saved: true, postId: newer.id });

    // Saving order, not posting order.
    const list = await saved(me);
    expect(ids(list)).toEqual([older.id, newer.id]);
    expect(list.posts.every((p: Post) => p.hasSaved)).toBe(true);
    expect(list.nextCursor).toBeNull();
    expect((await api.get(`/api/posts/${older.id}`, me)).json().hasSaved).toBe(true);
    expect((await api.get(`/api/posts/${older.id}`, author)).json().hasSaved).toBe(false);
    expect(await saved(author)).toEqual({ posts: [], nextCursor: null });

    const removed = await api.delete(`/api/saves/${older.id}`, me);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ saved: false, postId: older.id });
    expect(ids(await saved(me))).toEqual([newer.id]);
    expect((await api.delete(`/api/saves/${older.id}`, me)).json()).toEqual({ saved: false, postId: older.id });
  });

  it('pages saved posts with a cursor', async () => {
    const [author, me] = [nextId(), nextId()];
    const posts: number[] = [];
    for (let i = 0; i < 7; i++) posts.push((await api.createPost(author, `p${i}`)).id);
    for (const id of posts) await api.post('/api/saves', me, { postId: id });
    const first = await saved(me, '?limit=5');
    const second = await saved(me, `?limit=5&cursor=${first.nextCursor}`);
    expect([...ids(first), ...ids(second)]).toEqual([...posts].reverse());
    expect(second.nextCursor).toBeNull();
    const bad = await api.get('/api/saves?cursor=nope', me);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(postTexts.cursorInvalid);
  });

  it('skips deleted posts, and hidden ones unless they are your own', async () => {
    const [author, me] = [nextId(), nextId()];
    const [kept, deleted, hidden] = [await api.createPost(author, 'kept'), await api.createPost(author, 'deleted'), await api.createPost(author, 'hidden')];
    for (const p of [kept, deleted, hidden]) await api.post('/api/saves', me, { postId: p.id });
    await api.post('/api/saves', author, { postId: hidden.id });
    await api.delete(`/api/posts/${deleted.id}`, author);
    await setShadowHidden(postsHandle(svc), hidden.id, true);
    expect(ids(await saved(me))).toEqual([kept.id]);
    expect(ids(await saved(author))).toEqual([hidden.id]);
  });

  it('answers 404 for posts that do not exist or that you may not see, 400 for a bad body', async () => {
    const [author, me] = [nextId(), nextId()];
    const missing = await api.post('/api/saves', me, { postId: 987654321987 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(postTexts.notFound);
    const hidden = await api.createPost(author, 'hidden');
    await setShadowHidden(postsHandle(svc), hidden.id, true);
    expect((await api.post('/api/saves', me, { postId: hidden.id })).statusCode).toBe(404);
    for (const body of [{}, { postId: 'abc' }, { postId: -1 }]) {
      expect((await api.post('/api/saves', me, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.delete('/api/saves/abc', me)).statusCode).toBe(404);
  });
});
