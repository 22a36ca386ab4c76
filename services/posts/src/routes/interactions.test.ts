import { defaultSiteSettings, postLimits, postTexts, type Post } from '@kora/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_COMMENTS, LIST_LIKERS } from '../feed/post-json.js';
import { setShadowHidden } from '../moderation/post-state.js';
import { memberIds, outboxEvents, postPage, postsHandle, postsServiceForFile, registerMember } from '../test-support.js';

describe(`likes, comments and shares (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const getPost = async (id: number, userId: number) => (await file.api.get(`/api/posts/${id}`, userId)).json<Post>();
  const eventsFor = async (type: string, postId: number) => (await outboxEvents(file.svc, type)).filter((e) => e.payload.postId === postId);

  describe('POST /api/posts/:id/react', () => {
    it('toggles the like, keeps the count, and announces each change with owner and actor', async () => {
      const [author, fan] = [nextId(), nextId()];
      const post = await file.api.createPost(author, 'like me');
      const like = await file.api.post(`/api/posts/${post.id}/react`, fan, { reaction: 'like' });
      expect(like.statusCode).toBe(200);
      expect(like.json()).toEqual({ liked: true, likeCount: 1 });
      expect(await getPost(post.id, fan)).toMatchObject({ likes: [{ userId: fan }], likeCount: 1, hasLiked: true });
      expect(await getPost(post.id, author)).toMatchObject({ likes: [{ userId: fan }], likeCount: 1, hasLiked: false });

      expect((await file.api.post(`/api/posts/${post.id}/react`, author, {})).json()).toEqual({ liked: true, likeCount: 2 }); // reaction defaults to like
      expect((await file.api.post(`/api/posts/${post.id}/react`, fan, { reaction: 'like' })).json()).toEqual({
        liked: false,
        likeCount: 1,
      });
      expect(await getPost(post.id, fan)).toMatchObject({ likes: [{ userId: author }], likeCount: 1, hasLiked: false });

      const liked = await eventsFor('post.liked', post.id);
      expect(liked.map((e) => e.payload)).toEqual([
        { postId: post.id, postOwnerId: author, actorId: fan },
        { postId: post.id, postOwnerId: author, actorId: author },
      ]);
      expect(liked[0]).toMatchObject({ aggregateId: String(post.id), actorId: fan });
      expect((await eventsFor('post.unliked', post.id)).map((e) => e.payload)).toEqual([
        { postId: post.id, postOwnerId: author, actorId: fan },
      ]);
    });

    it('keeps the count right when one member toggles many times at once', async () => {
      const [author, fan] = [nextId(), nextId()];
      const post = await file.api.createPost(author, 'race');
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => file.api.post(`/api/posts/${post.id}/react`, fan, { reaction: 'like' })),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      // Whichever way the toggles interleave, the count is the member's one like or none.
      const final = await getPost(post.id, fan);
      expect(final.likeCount).toBe(final.hasLiked ? 1 : 0);
      expect(final.likes).toEqual(final.hasLiked ? [{ userId: fan }] : []);
      const again = (await file.api.post(`/api/posts/${post.id}/react`, fan, { reaction: 'like' })).json();
      expect(again).toEqual({ liked: !final.hasLiked, likeCount: final.hasLiked ? 0 : 1 });
    });

    it(`lists the ${LIST_LIKERS} most recent likers, always with the caller if they liked, and the exact count`, async () => {
      const author = nextId();
      const early = nextId();
      const post = await file.api.createPost(author, 'popular');
      await file.api.post(`/api/posts/${post.id}/react`, early, { reaction: 'like' });
      const others = Array.from({ length: LIST_LIKERS + 2 }, () => nextId());
      for (const fan of others) await file.api.post(`/api/posts/${post.id}/react`, fan, { reaction: 'like' });

      const seenByEarly = await getPost(post.id, early);
      expect(seenByEarly.likeCount).toBe(LIST_LIKERS + 3);
      expect(seenByEarly.hasLiked).toBe(true);
      expect(seenByEarly.likes).toHaveLength(LIST_LIKERS + 1);
      expect(seenByEarly.likes.map((l) => l.userId)).toContain(early);
      expect(seenByEarly.likes[0]).toEqual({ userId: others.at(-1) }); // newest first

      const seenByAuthor = await getPost(post.id, author);
      expect(seenByAuthor.likes).toHaveLength(LIST_LIKERS);
      expect(seenByAuthor.likes.map((l) => l.userId)).toEqual([...others].reverse().slice(0, LIST_LIKERS));
    });

    it('refuses other reactions, and unknown or hidden posts', async () => {
      const [author, fan] = [nextId(), nextId()];
      const post = await file.api.createPost(author, 'x');
      const love = await file.api.post(`/api/posts/${post.id}/react`, fan, { reaction: 'love' });
      expect(love.statusCode).toBe(400);
      expect(love.json().message).toBe(postTexts.reactionInvalid);
      expect((await file.api.post('/api/posts/987654321987/react', fan, { reaction: 'like' })).statusCode).toBe(404);
      expect((await file.api.post('/api/posts/abc/react', fan, { reaction: 'like' })).statusCode).toBe(404);
      await setShadowHidden(postsHandle(file.svc), post.id, true);
      const hidden = await file.api.post(`/api/posts/${post.id}/react`, fan, { reaction: 'like' });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(postTexts.notFound);
    });
  });

  describe('POST /api/posts/:id/comment', () => {
    it('adds a comment (201) with the commenter from the projection, counts it and announces an excerpt', async () => {
      const [author, commenter] = [nextId(), nextId()];
      await registerMember(file.svc, commenter, 'chioma');
      const post = await file.api.createPost(author, 'talk to me');
      const res = await file.api.post(`/api/posts/${post.id}/comment`, commenter, { content: `  ${'Nice one! '.repeat(20)} ` });
      expect(res.statusCode).toBe(201);
      const comment = res.json();
      expect(comment).toEqual({
        id: expect.any(Number),
        userId: commenter,
        username: 'chioma',
        name: 'Ada Obi',
        profileImage: `/uploads/profile/${commenter}.webp`,
        content: 'Nice one! '.repeat(20).trim(),
        createdAt: expect.stringMatching(/Z$/),
        mentions: [],
        verified: false,
      });
      expect(await getPost(post.id, author)).toMatchObject({ commentCount: 1, comments: [comment] });

      const [event] = await eventsFor('post.commented', post.id);
      expect(event).toMatchObject({
        actorId: commenter,
        payload: { postId: post.id, postOwnerId: author, actorId: commenter, commentId: comment.id },
      });
      const excerpt = event!.payload.excerpt as string;
      expect(excerpt.startsWith('Nice one! Nice one!')).toBe(true);
      expect([...excerpt].length).toBeLessThanOrEqual(100);
      expect(excerpt.endsWith('…')).toBe(true);
    });

    it('refuses blank, too long and bad-word comments with the product texts', async () => {
      const [author, commenter] = [nextId(), nextId()];
      const post = await file.api.createPost(author, 'x');
      for (const body of [{ content: '   ' }, { content: '' }, {}]) {
        const res = await file.api.post(`/api/posts/${post.id}/comment`, commenter, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBe(postTexts.commentBlank);
      }
      const long = await file.api.post(`/api/posts/${post.id}/comment`, commenter, {
        content: 'a'.repeat(postLimits.maxCommentLength + 1),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(postTexts.commentTooLong(postLimits.maxCommentLength));

      // The admin's max post length caps comments when it is the lower limit (decision 024).
      vi.spyOn(file.svc.ctx.siteSettings, 'current').mockReturnValue({
        ...defaultSiteSettings,
        moderation: { maxPostLength: 10, badWords: [] },
      });
      const overSiteLimit = await file.api.post(`/api/posts/${post.id}/comment`, commenter, { content: 'eleven char' });
      expect(overSiteLimit.statusCode).toBe(400);
      expect(overSiteLimit.json()).toMatchObject({ message: postTexts.commentTooLong(10), code: 'VALIDATION_FAILED' });

      vi.spyOn(file.svc.ctx.siteSettings, 'current').mockReturnValue({
        ...defaultSiteSettings,
        moderation: { maxPostLength: 5000, badWords: ['mumu'] },
      });
      const bad = await file.api.post(`/api/posts/${post.id}/comment`, commenter, { content: 'You be MUMU' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: postTexts.commentBadWords, code: 'BAD_WORDS' });
      expect((await getPost(post.id, author)).commentCount).toBe(0);
      expect(await eventsFor('post.commented', post.id)).toEqual([]);
    });

    it(`lists comments oldest first: ${LIST_COMMENTS} in lists, all (up to 1,000) on the post page`, async () => {
      const author = nextId();
      const post = await file.api.createPost(author, 'chatty');
      const total = LIST_COMMENTS + 5;
      for (let i = 0; i < total; i++) await file.api.post(`/api/posts/${post.id}/comment`, nextId(), { content: `comment ${i}` });
      const single = await getPost(post.id, author);
      expect(single.commentCount).toBe(total);
      expect(single.comments.map((c) => c.content)).toEqual(Array.from({ length: total }, (_, i) => `comment ${i}`));
      const list = postPage(await file.api.get(`/api/posts?authorId=${author}`, author));
      expect(list.posts[0]!.commentCount).toBe(total);
      expect(list.posts[0]!.comments.map((c) => c.content)).toEqual(Array.from({ length: LIST_COMMENTS }, (_, i) => `comment ${i}`));
    });

    it('answers 404 for unknown or deleted posts', async () => {
      const author = nextId();
      const post = await file.api.createPost(author, 'x');
      await file.api.delete(`/api/posts/${post.id}`, author);
      expect((await file.api.post(`/api/posts/${post.id}/comment`, author, { content: 'hello?' })).statusCode).toBe(404);
      expect((await file.api.post('/api/posts/987654321987/comment', author, { content: 'hello?' })).statusCode).toBe(404);
    });
  });

  describe('POST /api/posts/:id/share', () => {
    it('counts one share per member, answers the same count again, and announces the first only', async () => {
      const [author, a, b] = [nextId(), nextId(), nextId()];
      const post = await file.api.createPost(author, 'share me');
      const first = await file.api.post(`/api/posts/${post.id}/share`, a);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ shared: true, shareCount: 1 });
      expect((await file.api.post(`/api/posts/${post.id}/share`, a)).json()).toEqual({ shared: true, shareCount: 1 });
      expect((await file.api.post(`/api/posts/${post.id}/share`, b)).json()).toEqual({ shared: true, shareCount: 2 });

      expect(await getPost(post.id, a)).toMatchObject({ shareCount: 2, hasShared: true });
      expect(await getPost(post.id, author)).toMatchObject({ shareCount: 2, hasShared: false });
      const events = await eventsFor('post.shared', post.id);
      expect(events.map((e) => e.payload)).toEqual([
        { postId: post.id, postOwnerId: author, actorId: a },
        { postId: post.id, postOwnerId: author, actorId: b },
      ]);
    });

    it('answers 404 for unknown posts', async () => {
      const me = nextId();
      const res = await file.api.post('/api/posts/987654321987/share', me);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(postTexts.notFound);
    });
  });
});
