import { postTexts, type Post, type PostPage } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { setShadowHidden } from '../moderation/post-state.js';
import { memberIds, postPage, postsHandle, postsServiceForFile } from '../test-support.js';

describe(`saved posts (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  const saved = async (userId: number, query = '') => postPage(await file.api.get(`/api/saves${query}`, userId));
  const ids = (page: PostPage) => page.posts.map((p) => p.id);

  it('saves (201, twice is once), lists most recently saved first with hasSaved, and unsaves', async () => {
    const [author, me] = [nextId(), nextId()];
    const older = await file.api.createPost(author, 'older');
    const newer = await file.api.createPost(author, 'newer');

    const first = await file.api.post('/api/saves', me, { postId: newer.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ saved: true, postId: newer.id });
    expect((await file.api.post('/api/saves', me, { postId: older.id })).statusCode).toBe(201);
    const again = await file.api.post('/api/saves', me, { postId: newer.id });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ saved: true, postId: newer.id });

    // Saving order, not posting order.
    const list = await saved(me);
    expect(ids(list)).toEqual([older.id, newer.id]);
    expect(list.posts.every((p: Post) => p.hasSaved)).toBe(true);
    expect(list.nextCursor).toBeNull();
    expect((await file.api.get(`/api/posts/${older.id}`, me)).json().hasSaved).toBe(true);
    expect((await file.api.get(`/api/posts/${older.id}`, author)).json().hasSaved).toBe(false);
    expect(await saved(author)).toEqual({ posts: [], nextCursor: null });

    const removed = await file.api.delete(`/api/saves/${older.id}`, me);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ saved: false, postId: older.id });
    expect(ids(await saved(me))).toEqual([newer.id]);
    expect((await file.api.delete(`/api/saves/${older.id}`, me)).json()).toEqual({ saved: false, postId: older.id });
  });

  it('pages saved posts with a cursor', async () => {
    const [author, me] = [nextId(), nextId()];
    const posts: number[] = [];
    for (let i = 0; i < 7; i++) posts.push((await file.api.createPost(author, `p${i}`)).id);
    for (const id of posts) await file.api.post('/api/saves', me, { postId: id });
    const first = await saved(me, '?limit=5');
    const second = await saved(me, `?limit=5&cursor=${first.nextCursor}`);
    expect([...ids(first), ...ids(second)]).toEqual([...posts].reverse());
    expect(second.nextCursor).toBeNull();
    const bad = await file.api.get('/api/saves?cursor=nope', me);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(postTexts.cursorInvalid);
  });

  it('skips deleted posts, and hidden ones unless they are your own', async () => {
    const [author, me] = [nextId(), nextId()];
    const [kept, deleted, hidden] = [
      await file.api.createPost(author, 'kept'),
      await file.api.createPost(author, 'deleted'),
      await file.api.createPost(author, 'hidden'),
    ];
    for (const p of [kept, deleted, hidden]) await file.api.post('/api/saves', me, { postId: p.id });
    await file.api.post('/api/saves', author, { postId: hidden.id });
    await file.api.delete(`/api/posts/${deleted.id}`, author);
    await setShadowHidden(postsHandle(file.svc), hidden.id, true);
    expect(ids(await saved(me))).toEqual([kept.id]);
    expect(ids(await saved(author))).toEqual([hidden.id]);
  });

  it('answers 404 for posts that do not exist or that you may not see, 400 for a bad body', async () => {
    const [author, me] = [nextId(), nextId()];
    const missing = await file.api.post('/api/saves', me, { postId: 987654321987 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(postTexts.notFound);
    const hidden = await file.api.createPost(author, 'hidden');
    await setShadowHidden(postsHandle(file.svc), hidden.id, true);
    expect((await file.api.post('/api/saves', me, { postId: hidden.id })).statusCode).toBe(404);
    for (const body of [{}, { postId: 'abc' }, { postId: -1 }]) {
      expect((await file.api.post('/api/saves', me, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await file.api.delete('/api/saves/abc', me)).statusCode).toBe(404);
  });
});
