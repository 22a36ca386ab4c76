import { postTexts, type PostPage, type ProfileVisibility } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { befriend, memberIds, postPage, postsServiceForFile, registerMember, setPrivacy, unfriend } from '../test-support.js';

/**
 * profileVisibility decides who sees a member's posts on every path a post reaches someone
 * (decision 020, "Post visibility"): the post page, the profile, the feed, saved posts, and the
 * routes that act on a post. A post outside the viewer's audience answers exactly like a missing one.
 */
describe(`post visibility by the author's profile audience (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();
  const ids = (page: PostPage) => page.posts.map((p) => p.id);
  const list = async (url: string, viewer: number) => ids(postPage(await file.api.get(url, viewer)));

  /** The author with a post their friend and a stranger saved while it was open to everyone, then closed to `audience`. */
  async function closedPost(audience: ProfileVisibility) {
    const { api, svc } = file;
    const [author, friend, stranger] = [nextId(), nextId(), nextId()];
    await registerMember(svc, author, `author${author}`);
    await befriend(svc, author, friend);
    const post = await api.createPost(author, `for ${audience}`);
    for (const saver of [author, friend, stranger]) expect((await api.post('/api/saves', saver, { postId: post.id })).statusCode).toBe(201);
    await setPrivacy(svc, author, { profileVisibility: audience });
    return { author, friend, stranger, post };
  }

  const cases: { audience: ProfileVisibility; friendSees: boolean; strangerSees: boolean }[] = [
    { audience: 'everyone', friendSees: true, strangerSees: true },
    { audience: 'friends', friendSees: true, strangerSees: false },
    { audience: 'only_me', friendSees: false, strangerSees: false },
  ];

  for (const { audience, friendSees, strangerSees } of cases) {
    it(`${audience}: the owner always, a friend ${friendSees ? 'too' : 'not'}, a stranger ${strangerSees ? 'too' : 'not'}, anonymous callers never`, async () => {
      const { api } = file;
      const { author, friend, stranger, post } = await closedPost(audience);
      const missing = await api.get('/api/posts/999999999999', stranger);

      for (const [viewer, sees] of [
        [author, true],
        [friend, friendSees],
        [stranger, strangerSees],
      ] as const) {
        const page = await api.get(`/api/posts/${post.id}`, viewer);
        if (sees) {
          expect(page.statusCode).toBe(200);
        } else {
          // Exactly a missing post's answer: nothing tells the post exists.
          expect(page.statusCode).toBe(404);
          expect(page.json()).toEqual(missing.json());
          expect(page.json().message).toBe(postTexts.notFound);
        }
        expect(await list(`/api/posts?authorId=${author}`, viewer)).toEqual(sees ? [post.id] : []);
        expect(await list('/api/saves', viewer)).toEqual(sees ? [post.id] : []);

        // Acting on it: allowed, or the same 404.
        const acts = [
          await api.post(`/api/posts/${post.id}/react`, viewer, { reaction: 'like' }),
          await api.post(`/api/posts/${post.id}/comment`, viewer, { content: 'hello' }),
          await api.post(`/api/posts/${post.id}/share`, viewer),
          await api.post('/api/saves', viewer, { postId: post.id }),
        ];
        for (const res of acts) {
          if (sees) expect(res.statusCode, res.body).toBeLessThan(300);
          else expect([res.statusCode, res.json()]).toEqual([404, missing.json()]);
        }
      }
      // The feed holds the owner's and friends' posts only; the audience takes the friend's away.
      expect(await list('/api/posts', author)).toContain(post.id);
      expect((await list('/api/posts', friend)).includes(post.id)).toBe(friendSees);
      expect(await list('/api/posts', stranger)).not.toContain(post.id);
      // Anonymous callers are refused outright (every posts route is for members).
      expect((await api.get(`/api/posts/${post.id}`, null)).statusCode).toBe(401);
      expect((await api.get(`/api/posts?authorId=${author}`, null)).statusCode).toBe(401);
    });
  }

  it('a friends-only post leaves a former friend when the friendship ends, and comes back when the author opens up', async () => {
    const { api, svc } = file;
    const { author, friend, post } = await closedPost('friends');
    expect(await list('/api/posts', friend)).toContain(post.id);
    await unfriend(svc, author, friend);
    expect((await api.get(`/api/posts/${post.id}`, friend)).statusCode).toBe(404);
    expect(await list('/api/saves', friend)).toEqual([]);
    await setPrivacy(svc, author, { profileVisibility: 'everyone' });
    expect((await api.get(`/api/posts/${post.id}`, friend)).statusCode).toBe(200);
    expect(await list('/api/saves', friend)).toEqual([post.id]);
    // Unsaving still works on a post the member can no longer see (tidying up never 404s).
    await setPrivacy(svc, author, { profileVisibility: 'only_me' });
    expect((await api.delete(`/api/saves/${post.id}`, friend)).json()).toEqual({ saved: false, postId: post.id });
  });

  it('the feed keeps a friend with friends-only posts and pages past a friend who shows nobody', async () => {
    const { api, svc } = file;
    const [me, open, closed, hidden] = [nextId(), nextId(), nextId(), nextId()];
    for (const friend of [open, closed, hidden]) await befriend(svc, me, friend);
    await setPrivacy(svc, closed, { profileVisibility: 'friends' });
    await setPrivacy(svc, hidden, { profileVisibility: 'only_me' });
    const posts = [];
    for (const author of [open, hidden, closed, hidden, me]) posts.push((await api.createPost(author, `by ${author}`)).id);
    const [o1, , c1, , m1] = posts;
    const first = postPage(await api.get('/api/posts?limit=2', me));
    expect(ids(first)).toEqual([m1, c1]);
    const second = postPage(await api.get(`/api/posts?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`, me));
    expect(ids(second)).toEqual([o1]);
    expect(second.nextCursor).toBeNull();
  });
});
