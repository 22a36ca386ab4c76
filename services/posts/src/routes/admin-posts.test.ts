import { adminTexts, postTexts, type AdminPost, type AdminPostList, type Post } from '@kora/contracts';
import { SERVICE_CALL_HEADER, signServiceCall } from '@kora/platform';
import { adminIdentity } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import {
  backdate,
  befriend,
  createGroup,
  joinGroup,
  memberIds,
  outboxEvents,
  postPage,
  postsServiceForFile,
  registerMember,
} from '../test-support.js';

/**
 * The back office's posts moderation (decision 024): admins only, the table's filters, search and
 * pages, and the row actions taking effect on every read path at once.
 */
describe(`admin posts moderation (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();
  const admin = nextId();
  const asAdmin = () => file.svc.as(adminIdentity(admin));
  const adminGet = (url: string) => file.svc.app.inject({ method: 'GET', url, headers: asAdmin() });
  const adminPut = (url: string, payload: object) => file.svc.app.inject({ method: 'PUT', url, headers: asAdmin(), payload });
  const visibility = (postId: number, action: string) => adminPut(`/api/admin/posts/${postId}/visibility`, { action });
  const list = async (query: string) => {
    const res = await adminGet(`/api/admin/posts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminPostList>();
  };
  const token = () => `tok${nextId()}`;

  describe('who may call', () => {
    const routes = [
      { method: 'GET' as const, url: '/api/admin/posts' },
      { method: 'PUT' as const, url: '/api/admin/posts/1/visibility', payload: { action: 'shadow' } },
      { method: 'PUT' as const, url: '/api/admin/posts/1/visibility', payload: { action: 'nonsense' } },
      { method: 'GET' as const, url: '/api/admin/reports' },
      { method: 'PUT' as const, url: '/api/admin/reports/1', payload: { action: 'dismiss' } },
    ];
    for (const route of routes) {
      it(`${route.method} ${route.url} ${JSON.stringify(route.payload ?? '')}: anonymous 401, a member 403, before the body is read`, async () => {
        const anonymous = await file.svc.app.inject({ ...route, headers: {} });
        expect(anonymous.statusCode).toBe(401);
        const member = await file.svc.app.inject({ ...route, headers: file.svc.as({ userId: nextId() }) });
        expect(member.statusCode).toBe(403);
        for (const res of [anonymous, member]) expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
      });
    }

    it('an admin is let in', async () => {
      expect((await adminGet('/api/admin/posts')).statusCode).toBe(200);
      expect((await adminGet('/api/admin/reports')).statusCode).toBe(200);
      expect((await visibility(999_999_999_999, 'shadow')).statusCode).toBe(404);
    });
  });

  describe('the table', () => {
    it('searches content and author username, case-insensitively, the search text taken literally', async () => {
      const author = nextId();
      const tag = token();
      await registerMember(file.svc, author, `Writer_${tag}`);
      const plain = await file.api.createPost(author, `Jollof at Yaba ${tag}`);
      const percent = await file.api.createPost(author, `100% jollof ${tag}`);
      const other = nextId();
      await registerMember(file.svc, other, `other${other}`);
      const mentionsTag = await file.api.createPost(other, `ABOUT ${tag.toUpperCase()}`);

      const byContent = await list(`?search=${tag.toUpperCase()}`);
      expect(byContent.items.map((p) => p.id)).toEqual([mentionsTag.id, percent.id, plain.id]);
      expect(byContent).toMatchObject({ total: 3, totalPages: 1, hasPrev: false, hasNext: false });
      expect(byContent.items[2]).toEqual({
        id: plain.id,
        content: `Jollof at Yaba ${tag}`,
        createdAt: plain.createdAt,
        authorId: author,
        authorUsername: `Writer_${tag}`,
        likeCount: 0,
        commentCount: 0,
        isDeleted: false,
        deletedBy: null,
        isShadowHidden: false,
        reportCount: 0,
      } satisfies AdminPost);
      // By author: the username, whatever the case.
      expect((await list(`?search=writer_${tag}`)).items.map((p) => p.id)).toEqual([percent.id, plain.id]);
      // % and _ are literal: "100%" finds the one post with it, "_" does not match any character.
      expect((await list(`?search=${encodeURIComponent(`100% jollof ${tag}`)}`)).items.map((p) => p.id)).toEqual([percent.id]);
      expect((await list(`?search=${encodeURIComponent(`100_ jollof ${tag}`)}`)).total).toBe(0);
      expect((await list(`?search=${encodeURIComponent('%')}&limit=100`)).items.map((p) => p.id)).toContain(percent.id);
      expect((await list(`?search=${encodeURIComponent('%')}&limit=100`)).items.map((p) => p.id)).not.toContain(plain.id);
    });

    it('filters by state and pages by number, newest first', async () => {
      const author = nextId();
      const tag = token();
      const made: Post[] = [];
      for (let i = 0; i < 12; i++) {
        const post = await file.api.createPost(author, `${tag} #${i}`);
        await backdate(file.svc, post.id, new Date(Date.UTC(2026, 0, 1, 0, i)));
        made.push(post);
      }
      const newestFirst = made.map((p) => p.id).reverse();
      expect((await visibility(made[0]!.id, 'remove')).json()).toMatchObject({ isDeleted: true, isShadowHidden: false });
      expect((await visibility(made[1]!.id, 'shadow')).json()).toMatchObject({ isDeleted: false, isShadowHidden: true });
      expect((await visibility(made[2]!.id, 'shadow')).statusCode).toBe(200);
      expect((await visibility(made[2]!.id, 'remove')).statusCode).toBe(200);

      const first = await list(`?search=${tag}`);
      expect(first).toMatchObject({ total: 12, totalPages: 2, hasPrev: false, hasNext: true });
      expect(first.items.map((p) => p.id)).toEqual(newestFirst.slice(0, 10));
      const second = await list(`?search=${tag}&page=2`);
      expect(second).toMatchObject({ total: 12, totalPages: 2, hasPrev: true, hasNext: false });
      expect(second.items.map((p) => p.id)).toEqual(newestFirst.slice(10));
      expect((await list(`?search=${tag}&page=3`)).items).toEqual([]);
      expect((await list(`?search=${tag}&limit=20`)).items).toHaveLength(12);

      expect((await list(`?search=${tag}&status=visible&limit=20`)).items.map((p) => p.id)).toEqual(newestFirst.slice(0, 9));
      expect((await list(`?search=${tag}&status=shadow`)).items.map((p) => p.id)).toEqual([made[1]!.id]);
      expect((await list(`?search=${tag}&status=deleted`)).items.map((p) => p.id)).toEqual([made[2]!.id, made[0]!.id]);
      expect((await list(`?search=${tag}&status=reported`)).items).toEqual([]);
    });

    it('answers 400 with a text for a bad page size, page or status, never a 500', async () => {
      for (const query of ['?limit=7', '?limit=abc', '?page=0', '?page=-1', '?status=hidden', `?search=${'x'.repeat(201)}`]) {
        const res = await adminGet(`/api/admin/posts${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
      }
      expect((await adminGet('/api/admin/posts?limit=7')).json().message).toContain('Page size must be 10, 20, 50 or 100');
      for (const payload of [{}, { action: 'hide' }]) {
        expect((await adminPut('/api/admin/posts/1/visibility', payload)).statusCode).toBe(400);
      }
      // An id that names no post is a missing post.
      for (const id of ['abc', '0', '-4'])
        expect((await visibility(id as unknown as number, 'shadow')).json()).toMatchObject({ error: postTexts.notFound });
    });
  });

  describe('row actions', () => {
    /** An author with a post their friend liked, commented on and saved, on the timeline and in a group both are in. */
    async function scene() {
      const { api, svc } = file;
      const [author, friend] = [nextId(), nextId()];
      await registerMember(svc, author, `author${author}`);
      await befriend(svc, author, friend);
      const groupId = nextId();
      await createGroup(svc, groupId, author, 'public');
      await joinGroup(svc, groupId, friend);
      const post = await api.createPost(author, 'moderate me');
      const groupPost = await api.createGroupPost(author, groupId, 'moderate me in the group');
      for (const p of [post, groupPost]) {
        expect((await api.post(`/api/posts/${p.id}/react`, friend, { reaction: 'like' })).statusCode).toBe(200);
        expect((await api.post(`/api/posts/${p.id}/comment`, friend, { content: 'nice' })).statusCode).toBe(201);
        expect((await api.post('/api/saves', friend, { postId: p.id })).statusCode).toBe(201);
      }
      return { author, friend, groupId, post, groupPost };
    }

    /** Whether `viewer` sees the post on each path it reaches them by. */
    async function seen(viewer: number, s: Awaited<ReturnType<typeof scene>>) {
      const { api } = file;
      const ids = async (url: string) => postPage(await api.get(url, viewer)).posts.map((p) => p.id);
      return {
        feed: (await ids('/api/posts?limit=50')).includes(s.post.id),
        profile: (await ids(`/api/posts?authorId=${s.author}`)).includes(s.post.id),
        single: (await api.get(`/api/posts/${s.post.id}`, viewer)).statusCode === 200,
        group: (await ids(`/api/groups/${s.groupId}/posts`)).includes(s.groupPost.id),
        groupSingle: (await api.get(`/api/posts/${s.groupPost.id}`, viewer)).statusCode === 200,
        feedGroup: (await ids('/api/posts?limit=50')).includes(s.groupPost.id),
      };
    }
    const everywhere = { feed: true, profile: true, single: true, group: true, groupSingle: true, feedGroup: true };
    const nowhere = { feed: false, profile: false, single: false, group: false, groupSingle: false, feedGroup: false };
    const savedIds = async (viewer: number) => postPage(await file.api.get('/api/saves', viewer)).posts.map((p) => p.id);

    it('shadow hides the post from everyone but its author on every path, at once; unshadow brings it back', async () => {
      const s = await scene();
      for (const p of [s.post, s.groupPost])
        expect((await visibility(p.id, 'shadow')).json()).toMatchObject({ id: p.id, isShadowHidden: true, isDeleted: false });
      expect(await seen(s.friend, s)).toEqual(nowhere);
      expect(await savedIds(s.friend)).not.toContain(s.post.id);
      expect(await seen(s.author, s)).toEqual(everywhere);
      const own = (await file.api.get(`/api/posts/${s.post.id}`, s.author)).json<Post>();
      expect(own.isShadowHidden).toBe(true);
      // The friend cannot act on it either: it does not exist for them.
      expect((await file.api.post(`/api/posts/${s.post.id}/react`, s.friend, { reaction: 'like' })).statusCode).toBe(404);

      for (const p of [s.post, s.groupPost]) expect((await visibility(p.id, 'unshadow')).json()).toMatchObject({ isShadowHidden: false });
      expect(await seen(s.friend, s)).toEqual(everywhere);
      expect(await savedIds(s.friend)).toContain(s.post.id);
    });

    it('remove takes the post from everyone, its author too, announced as a moderator deletion; restore brings it back with its counts', async () => {
      const s = await scene();
      for (const p of [s.post, s.groupPost]) {
        const row = (await visibility(p.id, 'remove')).json<AdminPost>();
        expect(row).toMatchObject({ id: p.id, isDeleted: true, likeCount: 1, commentCount: 1 });
      }
      expect(await seen(s.friend, s)).toEqual(nowhere);
      expect(await seen(s.author, s)).toEqual(nowhere);
      expect(await savedIds(s.friend)).not.toContain(s.post.id);
      const deleted = (await outboxEvents(file.svc, 'post.deleted')).filter((e) => e.payload.postId === s.post.id);
      expect(deleted).toEqual([
        expect.objectContaining({ actorId: admin, payload: { postId: s.post.id, postOwnerId: s.author, byModerator: true } }),
      ]);

      for (const p of [s.post, s.groupPost]) expect((await visibility(p.id, 'restore')).json()).toMatchObject({ isDeleted: false });
      expect(await seen(s.friend, s)).toEqual(everywhere);
      expect(await seen(s.author, s)).toEqual(everywhere);
      expect(await savedIds(s.friend)).toContain(s.post.id);
      const back = (await file.api.get(`/api/posts/${s.post.id}`, s.friend)).json<Post>();
      expect(back).toMatchObject({ likeCount: 1, commentCount: 1, hasLiked: true, hasSaved: true });
      expect(back.comments.map((c) => c.content)).toEqual(['nice']);
    });

    it('records each change with the flags before and after, and nothing for an action that changes nothing', async () => {
      const author = nextId();
      const post = await file.api.createPost(author, 'audited');
      const audit = async () =>
        (await outboxEvents(file.svc, 'admin.action-recorded')).filter((e) => e.payload.targetId === String(post.id));

      // Nothing to restore or unshadow: the row, and no record.
      expect((await visibility(post.id, 'restore')).json()).toMatchObject({ id: post.id, isDeleted: false });
      expect((await visibility(post.id, 'unshadow')).statusCode).toBe(200);
      expect(await audit()).toEqual([]);

      await visibility(post.id, 'shadow');
      await visibility(post.id, 'shadow');
      await visibility(post.id, 'remove');
      await visibility(post.id, 'remove');
      await visibility(post.id, 'restore');
      await visibility(post.id, 'unshadow');
      const records = (await audit()).map((e) => ({ actorId: e.actorId, ...e.payload, occurredAt: undefined }));
      const rec = (action: string, before: object, after: object) => ({
        actorId: admin,
        action,
        targetType: 'post',
        targetId: String(post.id),
        before,
        after,
        occurredAt: undefined,
      });
      expect(records).toEqual([
        rec('post.shadowed', { isDeleted: false, isShadowHidden: false }, { isDeleted: false, isShadowHidden: true }),
        rec('post.removed', { isDeleted: false, isShadowHidden: true }, { isDeleted: true, isShadowHidden: true }),
        rec('post.restored', { isDeleted: true, isShadowHidden: true }, { isDeleted: false, isShadowHidden: true }),
        rec('post.unshadowed', { isDeleted: false, isShadowHidden: true }, { isDeleted: false, isShadowHidden: false }),
      ]);
      expect(adminTexts.postNotFound).toBe(postTexts.notFound);
    });

    it('does not restore a post its author deleted (their choice): 409, the post stays deleted, nothing recorded', async () => {
      const author = nextId();
      const post = await file.api.createPost(author, 'deleted by me');
      expect((await file.api.delete(`/api/posts/${post.id}`, author)).statusCode).toBe(200);
      const listed = (await list(`?search=${encodeURIComponent('deleted by me')}&status=deleted&limit=100`)).items.find(
        (p) => p.id === post.id,
      );
      expect(listed).toMatchObject({ isDeleted: true, deletedBy: 'author' });
      const refused = await visibility(post.id, 'restore');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: adminTexts.deletedByAuthor, code: 'CONFLICT' });
      expect((await file.api.get(`/api/posts/${post.id}`, author)).statusCode).toBe(404);
      // A moderator's removal says so, and can be restored.
      const removed = await file.api.createPost(author, 'removed by a moderator');
      expect((await visibility(removed.id, 'remove')).json()).toMatchObject({ isDeleted: true, deletedBy: 'moderator' });
      expect((await visibility(removed.id, 'restore')).json()).toMatchObject({ isDeleted: false, deletedBy: null });
    });
  });

  describe('internal post stats', () => {
    const asService = () => ({ [SERVICE_CALL_HEADER]: signServiceCall('admin', file.svc.ctx.env.INTERNAL_SECRET) });

    it('counts posts not removed, and posts per day of KORA_TIME_ZONE since a day', async () => {
      const author = nextId();
      // 2030-03-01 23:30 UTC is 2030-03-02 00:30 in Lagos (UTC+1).
      const at = [
        new Date('2030-03-01T22:30:00Z'),
        new Date('2030-03-01T23:30:00Z'),
        new Date('2030-03-02T12:00:00Z'),
        new Date('2030-03-02T13:00:00Z'),
      ];
      const made: number[] = [];
      for (const when of at) {
        const post = await file.api.createPost(author, 'counted');
        await backdate(file.svc, post.id, when);
        made.push(post.id);
      }
      await visibility(made[3]!, 'remove');
      const res = await file.svc.app.inject({ method: 'GET', url: '/internal/admin/post-stats?since=2030-03-01', headers: asService() });
      expect(res.statusCode, res.body).toBe(200);
      const stats = res.json<{ posts: number; daily: { day: string; count: number }[] }>();
      expect(stats.daily).toEqual([
        { day: '2030-03-01', count: 1 },
        { day: '2030-03-02', count: 2 },
      ]);
      const later = (
        await file.svc.app.inject({ method: 'GET', url: '/internal/admin/post-stats?since=2030-03-02', headers: asService() })
      ).json();
      expect(later.daily).toEqual([{ day: '2030-03-02', count: 2 }]);
      // The total moves with a removal.
      await visibility(made[2]!, 'remove');
      const after = (
        await file.svc.app.inject({ method: 'GET', url: '/internal/admin/post-stats?since=2030-03-01', headers: asService() })
      ).json();
      expect(after.posts).toBe(stats.posts - 1);
    });

    it('answers sibling services only, and 400 for a day that is not one', async () => {
      for (const headers of [{}, file.svc.as({ userId: nextId() }), file.svc.as(adminIdentity(admin))]) {
        const res = await file.svc.app.inject({ method: 'GET', url: '/internal/admin/post-stats?since=2030-03-01', headers });
        expect(res.statusCode).toBe(403);
      }
      for (const since of ['', '2030-02-30', 'yesterday']) {
        const res = await file.svc.app.inject({ method: 'GET', url: `/internal/admin/post-stats?since=${since}`, headers: asService() });
        expect(res.statusCode, since).toBe(400);
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
      }
    });
  });
});
