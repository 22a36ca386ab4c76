import { NULL_CHARACTER_TEXT, postTexts, type Post, type PostPage } from '@kora/contracts';
import { expectError } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { setShadowHidden } from '../moderation/post-state.js';
import { backdate, befriend, memberIds, postPage, postsHandle, postsServiceForFile, registerMember, unfriend } from '../test-support.js';

describe(`the feed and author pages (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  const feed = async (userId: number, query = ''): Promise<PostPage> => postPage(await file.api.get(`/api/posts${query}`, userId));
  const ids = (page: PostPage) => page.posts.map((p) => p.id);

  it("shows your own posts and your friends', newest first, never strangers'", async () => {
    const [ada, bola, chidi, stranger] = [nextId(), nextId(), nextId(), nextId()];
    await registerMember(file.svc, bola, 'bola');
    const a1 = await file.api.createPost(ada, 'ada 1');
    const b1 = await file.api.createPost(bola, 'bola 1');
    const s1 = await file.api.createPost(stranger, 'stranger 1');
    const c1 = await file.api.createPost(chidi, 'chidi 1');

    expect(ids(await feed(ada))).toEqual([a1.id]);

    await befriend(file.svc, ada, bola);
    await befriend(file.svc, chidi, ada); // either side may have sent the request
    const page = await feed(ada);
    expect(ids(page)).toEqual([c1.id, b1.id, a1.id]);
    expect(ids(page)).not.toContain(s1.id);
    expect(page.nextCursor).toBeNull();
    expect(page.posts.find((p) => p.id === b1.id)?.author).toMatchObject({ id: bola, username: 'bola' });

    // Friendship works both ways; the stranger still sees only their own.
    expect(ids(await feed(bola))).toEqual([b1.id, a1.id]);
    expect(ids(await feed(stranger))).toEqual([s1.id]);

    await unfriend(file.svc, bola, ada);
    expect(ids(await feed(ada))).toEqual([c1.id, a1.id]);
    expect(ids(await feed(bola))).toEqual([b1.id]);
  });

  it("lists one author's posts with authorId, for the profile page, to any member", async () => {
    const [author, reader] = [nextId(), nextId()];
    const p1 = await file.api.createPost(author, 'one');
    const p2 = await file.api.createPost(author, 'two');
    await file.api.createPost(reader, 'not in the list');
    expect(ids(await feed(reader, `?authorId=${author}`))).toEqual([p2.id, p1.id]);
    expect(ids(await feed(reader, `?authorId=${nextId()}`))).toEqual([]);
  });

  it('pages 25 posts as 20 + 5 with no gaps or repeats, even when new posts arrive in between', async () => {
    const [me, friend] = [nextId(), nextId()];
    await befriend(file.svc, me, friend);
    const made: number[] = [];
    for (let i = 0; i < 25; i++) made.push((await file.api.createPost(i % 2 ? friend : me, `post ${i}`)).id);
    const newestFirst = [...made].reverse();

    const first = await feed(me);
    expect(first.posts).toHaveLength(20);
    expect(ids(first)).toEqual(newestFirst.slice(0, 20));
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);

    const late = await file.api.createPost(friend, 'arrived while paging');
    const second = await feed(me, `?cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual(newestFirst.slice(20));
    expect(second.nextCursor).toBeNull();
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(25);

    // The new post is at the top of a fresh first page.
    expect(ids(await feed(me, '?limit=1'))).toEqual([late.id]);

    // The same keyset on the author page.
    const authorFirst = await feed(friend, `?authorId=${me}&limit=5`);
    const authorSecond = await feed(friend, `?authorId=${me}&limit=10&cursor=${authorFirst.nextCursor}`);
    const mine = newestFirst.filter((_, i) => (24 - i) % 2 === 0);
    expect([...ids(authorFirst), ...ids(authorSecond)]).toEqual(mine);
    expect(authorSecond.nextCursor).toBeNull();
  });

  it('orders posts made in the same instant by id, and pages through them exactly', async () => {
    const me = nextId();
    const made: number[] = [];
    for (let i = 0; i < 6; i++) made.push((await file.api.createPost(me, `tie ${i}`)).id);
    const instant = new Date('2024-05-01T10:00:00.000Z');
    for (const id of made) await backdate(file.svc, id, instant);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: PostPage = await feed(me, `?authorId=${me}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('refuses a cursor it did not make, and bad limits, with 400', async () => {
    const me = nextId();
    for (const cursor of ['not-a-cursor', 'AAAA', Buffer.from('2026-02-30T00:00:00.000000Z|5').toString('base64url')]) {
      const res = await file.api.get(`/api/posts?cursor=${cursor}`, me);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toEqual({ error: postTexts.cursorInvalid, message: postTexts.cursorInvalid, code: 'CURSOR_INVALID' });
    }
    // A NUL is refused before any route reads it (every service's rule: PostgreSQL cannot store it).
    expectError(await file.api.get('/api/posts?cursor=%00', me), 400, NULL_CHARACTER_TEXT);
    for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?authorId=-3', `?cursor=${'a'.repeat(201)}`]) {
      const res = await file.api.get(`/api/posts${query}`, me);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
    }
  });

  it('shows shadow-hidden posts to their author only, in the feed and on the profile', async () => {
    const [author, friend] = [nextId(), nextId()];
    await befriend(file.svc, author, friend);
    const visible = await file.api.createPost(author, 'visible');
    const hidden = await file.api.createPost(author, 'hidden');
    await setShadowHidden(postsHandle(file.svc), hidden.id, true);

    const own = await feed(author);
    expect(ids(own)).toEqual([hidden.id, visible.id]);
    expect(own.posts.map((p: Post) => p.isShadowHidden)).toEqual([true, false]);
    expect(ids(await feed(author, `?authorId=${author}`))).toEqual([hidden.id, visible.id]);

    expect(ids(await feed(friend))).toEqual([visible.id]);
    expect(ids(await feed(friend, `?authorId=${author}`))).toEqual([visible.id]);
  });

  it('leaves deleted posts out of every list', async () => {
    const [author, friend] = [nextId(), nextId()];
    await befriend(file.svc, author, friend);
    const kept = await file.api.createPost(author, 'kept');
    const gone = await file.api.createPost(author, 'gone');
    expect((await file.api.delete(`/api/posts/${gone.id}`, author)).statusCode).toBe(200);
    expect(ids(await feed(author))).toEqual([kept.id]);
    expect(ids(await feed(friend))).toEqual([kept.id]);
    expect(ids(await feed(friend, `?authorId=${author}`))).toEqual([kept.id]);
  });

  it('answers an empty page for a member with no posts and no friends', async () => {
    expect(await feed(nextId())).toEqual({ posts: [], nextCursor: null });
  });

  it('answers a bare array and puts the next page in Link and X-Next-Cursor, absent on the last page', async () => {
    const me = nextId();
    const made: number[] = [];
    for (let i = 0; i < 3; i++) made.push((await file.api.createPost(me, `linked ${i}`)).id);
    const first = await file.api.get(`/api/posts?authorId=${me}&limit=2`, me);
    expect(JSON.parse(first.body).map((p: Post) => p.id)).toEqual([made[2], made[1]]);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(first.headers.link).toBe(`</api/posts?authorId=${me}&cursor=${cursor}&limit=2>; rel="next"`);

    const next = String(first.headers.link).slice(1, String(first.headers.link).indexOf('>'));
    const last = await file.api.get(next, me);
    expect(JSON.parse(last.body).map((p: Post) => p.id)).toEqual([made[0]]);
    expect(last.headers.link).toBeUndefined();
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });

  it('takes cursor 0 as the first page', async () => {
    const me = nextId();
    const made = [(await file.api.createPost(me, 'zero a')).id, (await file.api.createPost(me, 'zero b')).id];
    expect(await feed(me, '?cursor=0')).toEqual(await feed(me));
    expect((await feed(me, '?cursor=0&limit=1')).posts.map((p) => p.id)).toEqual([made[1]]);
  });
});
