/**
 * Posts moderation through the gateway (decision 024), on the embedded and the distributed
 * product: admins only (anonymous 401, a member 403), the table finds a real member's post by its
 * content and its author's name, and each row action takes effect on the members' reads at once.
 */
import { adminTexts, postTexts, type AdminPost, type AdminPostList, type Post } from '@kora/contracts';
import { EVENTUAL_MS, readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, befriend, json, signedInMember, type SignedIn } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, bearer, body, MODE } from './support/product.js';

describe(`admin posts moderation (${MODE})`, () => {
  let author: SignedIn & { member: { username: string } };
  let friend: SignedIn;
  let admin: Record<string, string>;
  beforeAll(async () => {
    [author, friend] = await Promise.all([signedInMember(), signedInMember()]);
    await befriend(author, friend);
    admin = await bearer({ userId: 1, role: 'admin' });
  });

  const adminGet = (path: string) => api(path, { headers: admin });
  const act = (postId: number, action: string) =>
    api(`/api/admin/posts/${postId}/visibility`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ action }),
    });
  const feedIds = async (who: SignedIn, query = '') =>
    (await body<Post[]>(await api(`/api/posts?limit=50${query}`, auth(who.token)))).map((p) => p.id);
  const single = async (who: SignedIn, id: number) => (await api(`/api/posts/${id}`, auth(who.token))).status;

  it('anonymous callers 401, members 403, admins in', async () => {
    const put = { method: 'PUT', body: JSON.stringify({ action: 'shadow' }) };
    for (const path of ['/api/admin/posts', '/api/admin/reports']) {
      expect((await api(path)).status).toBe(401);
      expect((await api(path, auth(friend.token))).status).toBe(403);
      expect((await adminGet(path)).status).toBe(200);
    }
    expect((await api('/api/admin/posts/1/visibility', { ...put, headers: { 'content-type': 'application/json' } })).status).toBe(401);
    expect((await api('/api/admin/posts/1/visibility', json({ action: 'shadow' }, friend.token, 'PUT'))).status).toBe(403);
  });

  it("finds a member's post by content and by author name, literally and whatever the case", async () => {
    const tag = `mod${Date.now().toString(36)}`;
    const post = await createPost(author, `Suya night 50% off ${tag}`);
    const byContent = await body<AdminPostList>(await adminGet(`/api/admin/posts?search=${tag.toUpperCase()}`));
    expect(byContent).toMatchObject({ total: 1, totalPages: 1, hasPrev: false, hasNext: false });
    // The author's name reaches posts through auth's events.
    const row = await readUntil(
      async () =>
        (
          await body<AdminPostList>(
            await adminGet(`/api/admin/posts?search=${encodeURIComponent(author.member.username.toUpperCase())}&limit=100`),
          )
        ).items.find((p) => p.id === post.id),
      (p) => p !== undefined,
      EVENTUAL_MS,
    );
    expect(row).toEqual({
      id: post.id,
      content: `Suya night 50% off ${tag}`,
      createdAt: post.createdAt,
      authorId: author.user.user_id,
      authorUsername: author.member.username,
      likeCount: 0,
      commentCount: 0,
      isDeleted: false,
      deletedBy: null,
      isShadowHidden: false,
      reportCount: 0,
    } satisfies AdminPost);
    expect((await body<AdminPostList>(await adminGet(`/api/admin/posts?search=${encodeURIComponent(`50_ off ${tag}`)}`))).total).toBe(0);
    expect((await body<AdminPostList>(await adminGet(`/api/admin/posts?search=${encodeURIComponent(`50% off ${tag}`)}`))).total).toBe(1);
  });

  it('shadow hides the post from the friend at once, not from its author; unshadow brings it back', async () => {
    const post = await createPost(author, 'shadow me through the gateway');
    expect(await feedIds(friend)).toContain(post.id);
    const shadowed = await act(post.id, 'shadow');
    expect(shadowed.status).toBe(200);
    expect(await body<AdminPost>(shadowed)).toMatchObject({ id: post.id, isShadowHidden: true, isDeleted: false });
    expect(await feedIds(friend)).not.toContain(post.id);
    expect(await feedIds(friend, `&authorId=${author.user.user_id}`)).not.toContain(post.id);
    expect(await single(friend, post.id)).toBe(404);
    expect(await feedIds(author)).toContain(post.id);
    expect(await single(author, post.id)).toBe(200);
    const shadowList = await body<AdminPostList>(await adminGet('/api/admin/posts?status=shadow&limit=100'));
    expect(shadowList.items.map((p) => p.id)).toContain(post.id);

    expect((await act(post.id, 'unshadow')).status).toBe(200);
    expect(await feedIds(friend)).toContain(post.id);
    expect(await single(friend, post.id)).toBe(200);
  });

  it('remove takes the post from everyone, its author too; restore brings it back with its likes and comments', async () => {
    const post = await createPost(author, 'remove me through the gateway');
    expect((await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, friend.token))).status).toBe(200);
    expect((await api(`/api/posts/${post.id}/comment`, json({ content: 'kept' }, friend.token))).status).toBe(201);
    expect(await body<AdminPost>(await act(post.id, 'remove'))).toMatchObject({ isDeleted: true, likeCount: 1, commentCount: 1 });
    for (const who of [author, friend]) {
      expect(await single(who, post.id)).toBe(404);
      expect(await feedIds(who)).not.toContain(post.id);
    }
    const deleted = await body<AdminPostList>(await adminGet('/api/admin/posts?status=deleted&limit=100'));
    expect(deleted.items.map((p) => p.id)).toContain(post.id);

    expect(await body<AdminPost>(await act(post.id, 'restore'))).toMatchObject({ isDeleted: false });
    const back = await body<Post>(await api(`/api/posts/${post.id}`, auth(friend.token)));
    expect(back).toMatchObject({ id: post.id, likeCount: 1, hasLiked: true, commentCount: 1 });
    expect(await feedIds(friend)).toContain(post.id);
  });

  it('answers 400 with a text for bad input and 404 for a post that is not there', async () => {
    for (const query of ['?limit=7', '?page=0', '?status=hidden']) {
      const res = await adminGet(`/api/admin/posts${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(await body<object>(res)).sort()).toEqual(['code', 'error', 'message']);
    }
    expect((await act(1, 'hide')).status).toBe(400);
    const missing = await act(999_999_999_999, 'remove');
    expect(missing.status).toBe(404);
    expect(await body<{ error: string }>(missing)).toMatchObject({ error: postTexts.notFound });
    expect(adminTexts.postNotFound).toBe(postTexts.notFound);
  });
});
