import { DEFAULT_AVATAR, defaultSiteSettings, postLimits, postTexts, type Post, type SiteSettings } from '@kora/contracts';
import { buildEnvelope } from '@kora/platform';
import { eventually } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setShadowHidden } from '../moderation/post-state.js';
import { mediaUrl, memberIds, outboxEvents, postsHandle, postsServiceForFile, registerMember } from '../test-support.js';

const target = process.env.KORA_TEST_TARGET === 'real' ? 'real' : 'embedded';

describe(`posts: create, read, delete (${target})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const withModeration = (moderation: Partial<SiteSettings['moderation']>) =>
    vi
      .spyOn(file.svc.ctx.siteSettings, 'current')
      .mockReturnValue({ ...defaultSiteSettings, moderation: { ...defaultSiteSettings.moderation, ...moderation } });
  // On the real servers the site-settings topic is shared with the admin service's tests, which
  // change the moderation section: every test here starts from the defaults it asserts.
  beforeEach(() => void withModeration({}));

  describe('POST /api/posts', () => {
    it('publishes a post with the author from the projection, media split by type in upload order', async () => {
      const ada = nextId();
      await registerMember(file.svc, ada, 'ada_lagos');
      const [img1, vid1, img2] = [mediaUrl('images'), mediaUrl('videos'), mediaUrl('images')];
      const res = await file.api.post('/api/posts', ada, {
        userId: ada,
        content: '  Hello from Lagos  ',
        // The client's claimed type is ignored: the path decides.
        media: [{ url: img1, type: 'video' }, { url: vid1, type: 'image' }, { url: img2 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const post = res.json<Post>();
      expect(post).toEqual({
        id: expect.any(Number),
        author: { id: ada, username: 'ada_lagos', name: 'Ada Obi', profileImage: `/uploads/profile/${ada}.webp`, verified: false },
        content: 'Hello from Lagos',
        images: [img1, img2],
        videos: [vid1],
        videoDetails: [{ url: vid1, status: 'processing', posterUrl: null, durationSeconds: null, error: null }],
        likes: [],
        likeCount: 0,
        hasLiked: false,
        comments: [],
        commentCount: 0,
        shareCount: 0,
        hasShared: false,
        hasSaved: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        isShadowHidden: false,
        mentions: [],
        group: null,
        sponsored: false,
        // Media never announced these photos (photo.stored): nothing more than their URLs is known.
        imageDetails: [],
      });
      const [event] = (await outboxEvents(file.svc, 'post.created')).filter((e) => e.payload.postId === post.id);
      expect(event).toMatchObject({
        aggregateId: String(post.id),
        actorId: ada,
        payload: { postId: post.id, postOwnerId: ada, hasMedia: true, excerpt: 'Hello from Lagos', createdAt: post.createdAt },
      });
    });

    it('shows a fallback name and the default avatar until the member snapshot arrives', async () => {
      const newcomer = nextId();
      const post = await file.api.createPost(newcomer, 'first!');
      expect(post.author).toEqual({
        id: newcomer,
        username: `member${newcomer}`,
        name: `member${newcomer}`,
        profileImage: DEFAULT_AVATAR,
        verified: false,
      });
    });

    it('accepts a media-only post and describes it in the event excerpt', async () => {
      const me = nextId();
      const post = await file.api.createPost(me, '', [
        { url: mediaUrl('images') },
        { url: mediaUrl('images') },
        { url: mediaUrl('videos') },
      ]);
      expect(post.content).toBe('');
      const [event] = (await outboxEvents(file.svc, 'post.created')).filter((e) => e.payload.postId === post.id);
      expect(event?.payload).toMatchObject({ hasMedia: true, excerpt: '2 photos and 1 video' });
    });

    it('refuses an empty post: 400 "Write something or add a photo or video"', async () => {
      const me = nextId();
      for (const body of [{ userId: me, content: '   \n ' }, { userId: me, content: '', media: [] }, { userId: me }]) {
        const res = await file.api.post('/api/posts', me, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: postTexts.empty, message: postTexts.empty, code: 'POST_EMPTY' });
      }
    });

    it('refuses posting as someone else: 403 and no row', async () => {
      const me = nextId();
      const other = nextId();
      const res = await file.api.post('/api/posts', me, { userId: other, content: 'spoofed' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(postTexts.notYourUserId);
      const page = await file.api.get(`/api/posts?authorId=${other}`, me);
      expect(page.json()).toEqual([]);
    });

    it('refuses content longer than the max post length (5000 by default, the live setting after a change)', async () => {
      const me = nextId();
      expect((await file.api.post('/api/posts', me, { userId: me, content: 'a'.repeat(5000) })).statusCode).toBe(201);
      const tooLong = await file.api.post('/api/posts', me, { userId: me, content: 'a'.repeat(5001) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe(postTexts.tooLong(5000));
      // Emoji count as one character each, as people count them.
      expect((await file.api.post('/api/posts', me, { userId: me, content: '😀'.repeat(5000) })).statusCode).toBe(201);

      withModeration({ maxPostLength: 10 });
      const res = await file.api.post('/api/posts', me, { userId: me, content: 'eleven char' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(postTexts.tooLong(10));
      expect((await file.api.post('/api/posts', me, { userId: me, content: '  ten chars!  ' })).statusCode).toBe(201);
    });

    it('refuses listed bad words as whole words, ignoring case', async () => {
      const me = nextId();
      withModeration({ badWords: ['scam', 'get rich'] });
      for (const content of ['This is a SCAM', 'get   RICH quick', 'scam!']) {
        const res = await file.api.post('/api/posts', me, { userId: me, content });
        expect(res.statusCode, content).toBe(400);
        expect(res.json()).toMatchObject({ message: postTexts.badWords, code: 'BAD_WORDS' });
      }
      expect((await file.api.post('/api/posts', me, { userId: me, content: 'scamper about' })).statusCode).toBe(201);
    });

    it('follows a site-settings.updated event for bad words and length', async () => {
      // On a real broker too: this file has its own topics (the test adapters' namespace), so the
      // change reaches no other test file and no product.
      vi.restoreAllMocks(); // the live view, not the pinned defaults
      const me = nextId();
      const publish = (values: SiteSettings['moderation']) =>
        file.svc.adapters.bus.publish([
          {
            topic: 'admin.site-settings',
            key: 'moderation',
            value: JSON.stringify(
              buildEnvelope({
                type: 'site-settings.updated',
                aggregateId: 'moderation',
                actorId: 1,
                payload: { section: 'moderation', values },
              }),
            ),
          },
        ]);
      expect((await file.api.post('/api/posts', me, { userId: me, content: 'buy Naira Crypto now' })).statusCode).toBe(201);
      await publish({ maxPostLength: 30, badWords: ['crypto'] });
      await eventually(() => file.svc.ctx.siteSettings.current().moderation.badWords.includes('crypto'));
      const bad = await file.api.post('/api/posts', me, { userId: me, content: 'buy Naira Crypto now' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(postTexts.badWords);
      const long = await file.api.post('/api/posts', me, { userId: me, content: 'x'.repeat(31) });
      expect(long.json().message).toBe(postTexts.tooLong(30));
      await publish(defaultSiteSettings.moderation);
      await eventually(() => file.svc.ctx.siteSettings.current().moderation.maxPostLength === 5000);
    });

    it('accepts only media stored by Kora, at most 10 per post', async () => {
      const me = nextId();
      for (const url of [
        'https://evil.example/a.png',
        '/uploads/images/../../etc/passwd',
        '/uploads/profile/0123456789abcdef0123456789abcdef.webp',
        '/uploads/images/0123456789abcdef0123456789abcdef.svg',
        '//evil.example/uploads/images/0123456789abcdef0123456789abcdef.webp',
      ]) {
        const res = await file.api.post('/api/posts', me, { userId: me, content: 'x', media: [{ url, type: 'image' }] });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toBe(postTexts.mediaInvalid);
      }
      const many = Array.from({ length: postLimits.maxMediaPerPost + 1 }, () => ({ url: mediaUrl('images') }));
      const res = await file.api.post('/api/posts', me, { userId: me, content: 'x', media: many });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(postTexts.tooManyMedia(postLimits.maxMediaPerPost));
    });

    it('answers malformed bodies with 400 and the error shape', async () => {
      const me = nextId();
      for (const payload of [
        { userId: 'abc', content: 'x' },
        { content: 'x' },
        { userId: me, content: 42 },
        { userId: me, content: 'x', media: 'nope' },
      ]) {
        const res = await file.api.post('/api/posts', me, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
      }
    });
  });

  describe('GET /api/posts/:id', () => {
    it('answers the post to any member', async () => {
      const author = nextId();
      const reader = nextId();
      const post = await file.api.createPost(author, 'read me');
      const res = await file.api.get(`/api/posts/${post.id}`, reader);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: post.id, content: 'read me', author: { id: author } });
    });

    it('answers 404 "Post not found" for unknown and malformed ids, never 500', async () => {
      const me = nextId();
      for (const id of ['987654321987', '0', '-1', 'abc', '1.5', '99999999999999999999', '1e3', '%27%20or%201%3D1']) {
        const res = await file.api.get(`/api/posts/${id}`, me);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ error: postTexts.notFound, message: postTexts.notFound, code: 'POST_NOT_FOUND' });
      }
    });

    it('serves a shadow-hidden post to its author only, who sees it marked', async () => {
      const author = nextId();
      const other = nextId();
      const post = await file.api.createPost(author, 'quietly hidden');
      await setShadowHidden(postsHandle(file.svc), post.id, true);
      const own = await file.api.get(`/api/posts/${post.id}`, author);
      expect(own.statusCode).toBe(200);
      expect(own.json().isShadowHidden).toBe(true);
      const theirs = await file.api.get(`/api/posts/${post.id}`, other);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(postTexts.notFound);
      await setShadowHidden(postsHandle(file.svc), post.id, false);
      expect((await file.api.get(`/api/posts/${post.id}`, other)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/posts/:id', () => {
    it('lets only the author delete: 403 "Only the author can delete this post" for others', async () => {
      const author = nextId();
      const other = nextId();
      const post = await file.api.createPost(author, 'mine to delete');
      const res = await file.api.delete(`/api/posts/${post.id}`, other);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: postTexts.notAuthor, message: postTexts.notAuthor, code: 'NOT_AUTHOR' });
      expect((await file.api.get(`/api/posts/${post.id}`, other)).statusCode).toBe(200);
    });

    it('soft-deletes, announces post.deleted, and the post is gone everywhere', async () => {
      const author = nextId();
      const post = await file.api.createPost(author, 'short-lived');
      const res = await file.api.delete(`/api/posts/${post.id}`, author);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: postTexts.deleted });

      expect((await file.api.get(`/api/posts/${post.id}`, author)).statusCode).toBe(404);
      expect((await file.api.get('/api/posts', author)).json().map((p: Post) => p.id)).not.toContain(post.id);
      expect((await file.api.get(`/api/posts?authorId=${author}`, author)).json()).toEqual([]);
      const again = await file.api.delete(`/api/posts/${post.id}`, author);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(postTexts.notFound);
      // Soft: the row stays (an admin can restore it), marked as the author's deletion.
      const [row] = await file.svc.ctx.db.select().from(file.svc.tables.posts).where(eq(file.svc.tables.posts.id, post.id));
      expect(row).toMatchObject({ deletedByModerator: false, deletedAt: expect.any(Date) });

      const events = (await outboxEvents(file.svc, 'post.deleted')).filter((e) => e.payload.postId === post.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actorId: author, payload: { postId: post.id, postOwnerId: author, byModerator: false } });
    });

    it("answers 404 for unknown ids and for someone else's hidden post", async () => {
      const author = nextId();
      const other = nextId();
      expect((await file.api.delete('/api/posts/987654321987', author)).statusCode).toBe(404);
      expect((await file.api.delete('/api/posts/nope', author)).statusCode).toBe(404);
      const post = await file.api.createPost(author, 'hidden');
      await setShadowHidden(postsHandle(file.svc), post.id, true);
      expect((await file.api.delete(`/api/posts/${post.id}`, other)).statusCode).toBe(404);
      expect((await file.api.delete(`/api/posts/${post.id}`, author)).statusCode).toBe(200);
    });
  });

  it('refuses anonymous callers on every route with 401, before validating anything', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/posts'],
      ['GET', '/api/posts?cursor=garbage&limit=999'],
      ['GET', '/api/posts/1'],
      ['POST', '/api/posts', { userId: 1, content: 'x' }],
      ['POST', '/api/posts', { nonsense: true }],
      ['DELETE', '/api/posts/1'],
      ['POST', '/api/posts/1/react', { reaction: 'like' }],
      ['POST', '/api/posts/1/comment', { content: 'x' }],
      ['POST', '/api/posts/1/share'],
      ['GET', '/api/saves'],
      ['POST', '/api/saves', { postId: 1 }],
      ['DELETE', '/api/saves/1'],
      ['GET', '/api/memories'],
      ['GET', '/api/memories?date=not-a-date'],
      ['GET', '/api/posts/mentions/pending'],
      ['POST', '/api/posts/mentions/1/approve'],
      ['POST', '/api/posts/mentions/garbage/decline'],
      ['GET', '/api/groups/1/posts'],
      ['GET', '/api/groups/garbage/posts?cursor=garbage'],
      ['POST', '/api/posts', { userId: 1, content: 'x', groupId: 1 }],
      ['GET', '/api/search?q=x&type=nonsense&limit=999'],
      ['GET', '/api/hashtags/trending?limit=0'],
      ['GET', '/api/hashtags/2026/posts'],
      ['GET', '/api/members/pro'],
      ['GET', '/api/shares/friends?limit=x'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await file.svc.app.inject({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({
        error: 'Please sign in to continue',
        message: 'Please sign in to continue',
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it("documents every route under the posts tag, the back office's under admin", async () => {
    const doc = (await file.svc.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    }>();
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    const ours = routes.filter((r) => r.path.startsWith('/api/'));
    expect(ours.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort()).toEqual(
      [
        'DELETE /api/posts/{id}',
        'DELETE /api/saves/{postId}',
        'GET /api/groups/{id}/posts',
        'GET /api/memories',
        'GET /api/posts',
        'GET /api/posts/{id}',
        'GET /api/posts/mentions/pending',
        'POST /api/posts/mentions/{mentionId}/approve',
        'POST /api/posts/mentions/{mentionId}/decline',
        'GET /api/saves',
        'POST /api/posts',
        'POST /api/posts/{id}/boost',
        'POST /api/posts/{id}/comment',
        'POST /api/posts/{id}/react',
        'POST /api/posts/{id}/share',
        'POST /api/saves',
        'POST /api/reports',
        'GET /api/admin/posts',
        'PUT /api/admin/posts/{id}/visibility',
        'GET /api/admin/reports',
        'PUT /api/admin/reports/{id}',
        'GET /api/search',
        'GET /api/hashtags/trending',
        'GET /api/hashtags/{tag}/posts',
        'GET /api/members/pro',
        'GET /api/shares/friends',
      ].sort(),
    );
    for (const r of ours) {
      expect(r.op.tags, r.path).toEqual([r.path.startsWith('/api/admin/') ? 'admin' : 'posts']);
      expect(Object.keys(r.op.responses), r.path).toContain('401');
      if (r.path.startsWith('/api/admin/')) expect(Object.keys(r.op.responses), r.path).toContain('403');
    }
  });
});
