import { adminTexts, postTexts, type AdminPostList, type AdminReportGroup, type Post } from '@kora/contracts';
import { adminIdentity, expectError } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { befriend, memberIds, outboxEvents, postsServiceForFile, registerMember, setPrivacy } from '../test-support.js';

/**
 * Reports (decision 024): members report what they can see, once; admins see them grouped
 * by item and close every open report on an item at once, with the moderation taken.
 */
describe(`reports (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();
  const admin = nextId();
  const asAdmin = () => file.svc.as(adminIdentity(admin));
  const report = (reporter: number | null, body: object) => file.api.post('/api/reports', reporter, body);
  const closeReport = (id: number, body: object) =>
    file.svc.app.inject({ method: 'PUT', url: `/api/admin/reports/${id}`, headers: asAdmin(), payload: body });
  const reportList = async (query = '?limit=100') => {
    const res = await file.svc.app.inject({ method: 'GET', url: `/api/admin/reports${query}`, headers: asAdmin() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: AdminReportGroup[]; total: number; totalPages: number; hasPrev: boolean; hasNext: boolean }>();
  };
  const groupOf = async (targetType: 'post' | 'comment', targetId: number, query?: string) =>
    (await reportList(query)).items.find((g) => g.targetType === targetType && g.targetId === targetId);
  const reportsStored = async (postId: number) =>
    (await file.svc.ctx.db.select().from(file.svc.tables.reports)).filter((r) => r.postId === postId);

  async function postBy(authorId = nextId(), content = `reported ${nextId()}`): Promise<{ id: number; content: string; author: number }> {
    const post: Post = await file.api.createPost(authorId, content);
    return { id: post.id, content: post.content, author: authorId };
  }

  describe('POST /api/reports', () => {
    it('a member reports a post they can see: 201 with the thanks; anonymous callers 401', async () => {
      const post = await postBy();
      const reporter = nextId();
      const res = await report(reporter, { postId: post.id, reason: 'spam', note: '  same link 30 times  ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), message: adminTexts.reportSent });
      expect(await reportsStored(post.id)).toMatchObject([
        { reporterId: reporter, targetType: 'post', targetId: post.id, reason: 'spam', note: 'same link 30 times', status: 'open' },
      ]);
      expect((await report(null, { postId: post.id, reason: 'spam' })).statusCode).toBe(401);
    });

    it('once per member and item: again is 409, and two at once store one', async () => {
      const post = await postBy();
      const reporter = nextId();
      expect((await report(reporter, { postId: post.id, reason: 'spam' })).statusCode).toBe(201);
      expectError(await report(reporter, { postId: post.id, reason: 'harassment' }), 409, adminTexts.alreadyReported);

      const other = await postBy();
      const racer = nextId();
      const answers = await Promise.all([1, 2, 3].map(() => report(racer, { postId: other.id, reason: 'spam' })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await reportsStored(other.id)).toHaveLength(1);
    });

    it('not your own post or comment', async () => {
      const post = await postBy();
      expectError(await report(post.author, { postId: post.id, reason: 'spam' }), 400, adminTexts.cannotReportOwn);
      const commenter = nextId();
      const comment = (await file.api.post(`/api/posts/${post.id}/comment`, commenter, { content: 'mine' })).json<{ id: number }>();
      expectError(await report(commenter, { commentId: comment.id, reason: 'spam' }), 400, adminTexts.cannotReportOwn);
      // The post's author may report a comment on their post.
      expect((await report(post.author, { commentId: comment.id, reason: 'harassment' })).statusCode).toBe(201);
    });

    it("what the member cannot see answers as a missing post: another's hidden post, a closed profile, a removed comment, an unknown id", async () => {
      const stranger = nextId();
      const closed = await postBy();
      const comment = (await file.api.post(`/api/posts/${closed.id}/comment`, nextId(), { content: 'hello' })).json<{ id: number }>();
      await setPrivacy(file.svc, closed.author, { profileVisibility: 'friends' });
      const shadowed = await postBy();
      await file.svc.app.inject({
        method: 'PUT',
        url: `/api/admin/posts/${shadowed.id}/visibility`,
        headers: asAdmin(),
        payload: { action: 'shadow' },
      });
      const removedComment = await postBy();
      const gone = (await file.api.post(`/api/posts/${removedComment.id}/comment`, nextId(), { content: 'bye' })).json<{ id: number }>();
      await report(nextId(), { commentId: gone.id, reason: 'spam' }).then((r) =>
        closeReport(r.json().id, { action: 'resolve', moderation: 'remove' }),
      );

      for (const body of [
        { postId: closed.id, reason: 'spam' },
        { commentId: comment.id, reason: 'spam' },
        { postId: shadowed.id, reason: 'spam' },
        { commentId: gone.id, reason: 'spam' },
        { postId: 999_999_999_999, reason: 'spam' },
        { commentId: 999_999_999_999, reason: 'spam' },
      ]) {
        expectError(await report(stranger, body), 404, postTexts.notFound);
      }
      // A friend of the closed profile can.
      const friend = nextId();
      await befriend(file.svc, closed.author, friend);
      expect((await report(friend, { postId: closed.id, reason: 'other' })).statusCode).toBe(201);
    });

    it('answers 400 with a text for a body that names no item, both, or no reason', async () => {
      const post = await postBy();
      const me = nextId();
      const cases: [object, string | null][] = [
        [{ reason: 'spam' }, adminTexts.reportTargetRequired],
        [{ postId: post.id, commentId: 1, reason: 'spam' }, adminTexts.reportTargetRequired],
        [{ postId: post.id }, 'Choose a reason'],
        [{ postId: post.id, reason: 'boring' }, 'Choose a reason'],
        [{ postId: post.id, reason: 'spam', note: 'x'.repeat(501) }, null],
        [{ postId: -1, reason: 'spam' }, null],
      ];
      for (const [body, text] of cases) {
        const res = await report(me, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
        if (text) expect(res.json().error).toBe(text);
      }
      expect(await reportsStored(post.id)).toEqual([]);
    });
  });

  describe('the admin reports table', () => {
    it('one row per item with its open reports, most-reported then newest first; the post table counts and lists them', async () => {
      const [once, thrice, twice] = [await postBy(), await postBy(), await postBy()];
      const reporters = [nextId(), nextId(), nextId()];
      for (const r of reporters) await registerMember(file.svc, r, `rep${r}`);
      await report(reporters[0]!, { postId: thrice.id, reason: 'spam' });
      await report(reporters[0]!, { postId: twice.id, reason: 'nudity' });
      await report(reporters[1]!, { postId: thrice.id, reason: 'harassment', note: 'mean' });
      await report(reporters[1]!, { postId: twice.id, reason: 'nudity' });
      const last = (await report(reporters[2]!, { postId: thrice.id, reason: 'spam' })).json().id as number;
      const newest = (await report(reporters[2]!, { postId: once.id, reason: 'violence' })).json().id as number;

      const ours = (await reportList()).items.filter((g) => [once.id, thrice.id, twice.id].includes(g.targetId) && g.targetType === 'post');
      expect(ours.map((g) => [g.targetId, g.reportCount])).toEqual([
        [thrice.id, 3],
        [twice.id, 2],
        [once.id, 1],
      ]);
      const top = ours[0]!;
      expect(top).toMatchObject({
        id: last,
        targetType: 'post',
        targetId: thrice.id,
        postId: thrice.id,
        content: thrice.content,
        authorId: thrice.author,
        isDeleted: false,
        isShadowHidden: false,
        reportCount: 3,
        reasons: ['harassment', 'spam'],
      });
      expect(top.reports.map((r) => [r.reporterId, r.reporterUsername, r.reason, r.status])).toEqual([
        [reporters[2], `rep${reporters[2]}`, 'spam', 'open'],
        [reporters[1], `rep${reporters[1]}`, 'harassment', 'open'],
        [reporters[0], `rep${reporters[0]}`, 'spam', 'open'],
      ]);
      expect(ours[2]!.id).toBe(newest);

      const posts = await file.svc.app.inject({ method: 'GET', url: '/api/admin/posts?status=reported&limit=100', headers: asAdmin() });
      const reported = posts.json<AdminPostList>().items.filter((p) => [once.id, thrice.id, twice.id].includes(p.id));
      expect(reported.map((p) => [p.id, p.reportCount])).toEqual([
        [thrice.id, 3],
        [twice.id, 2],
        [once.id, 1],
      ]);
    });

    it('answers 400 for a bad page size or status', async () => {
      for (const query of ['?limit=15', '?status=all', '?page=0']) {
        const res = await file.svc.app.inject({ method: 'GET', url: `/api/admin/reports${query}`, headers: asAdmin() });
        expect(res.statusCode, query).toBe(400);
      }
    });
  });

  describe('closing', () => {
    it('resolve with remove: every open report on the post closes in one go, the post is removed, each reporter is told, all audited', async () => {
      const post = await postBy();
      const reporters = [nextId(), nextId(), nextId()];
      const ids: number[] = [];
      for (const r of reporters) ids.push((await report(r, { postId: post.id, reason: 'spam' })).json().id);

      const res = await closeReport(ids[0]!, { action: 'resolve', moderation: 'remove' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ closed: 3, status: 'resolved' });
      expect((await reportsStored(post.id)).map((r) => [r.status, r.moderation, r.closedBy])).toEqual(
        reporters.map(() => ['resolved', 'remove', admin]),
      );
      expect((await file.api.get(`/api/posts/${post.id}`, post.author)).statusCode).toBe(404);
      expect(await groupOf('post', post.id)).toBeUndefined();
      expect(await groupOf('post', post.id, '?status=closed&limit=100')).toMatchObject({ reportCount: 3, isDeleted: true });

      const closed = (await outboxEvents(file.svc, 'report.closed')).filter((e) => e.payload.postId === post.id);
      expect(closed.map((e) => e.payload)).toEqual(
        ids.map((reportId, i) => ({
          reportId,
          reporterId: reporters[i],
          targetType: 'post',
          targetId: post.id,
          postId: post.id,
          status: 'resolved',
          moderation: 'remove',
        })),
      );
      const audit = (await outboxEvents(file.svc, 'admin.action-recorded')).filter(
        (e) =>
          (e.payload.targetType === 'post' && e.payload.targetId === String(post.id)) ||
          (e.payload.targetType === 'report' && ids.map(String).includes(e.payload.targetId as string)),
      );
      expect(audit.map((e) => e.payload.action)).toEqual(['post.removed', 'report.resolved']);
      expect(audit[1]!.payload).toMatchObject({ actorId: admin, after: { status: 'resolved', moderation: 'remove', closed: 3 } });

      // Closed already: 409, whichever of its reports is named; nothing more announced.
      for (const id of ids) expectError(await closeReport(id, { action: 'dismiss' }), 409, adminTexts.reportClosed);
      expect((await outboxEvents(file.svc, 'report.closed')).filter((e) => e.payload.postId === post.id)).toHaveLength(3);
    });

    it('resolve with shadow hides the post from all but its author; dismiss leaves the item as it was', async () => {
      const shadowed = await postBy();
      const reporter = nextId();
      const id = (await report(reporter, { postId: shadowed.id, reason: 'spam' })).json().id;
      expect((await closeReport(id, { action: 'resolve', moderation: 'shadow' })).json()).toEqual({ closed: 1, status: 'resolved' });
      expect((await file.api.get(`/api/posts/${shadowed.id}`, reporter)).statusCode).toBe(404);
      expect((await file.api.get(`/api/posts/${shadowed.id}`, shadowed.author)).json()).toMatchObject({ isShadowHidden: true });

      const kept = await postBy();
      const dismissed = (await report(reporter, { postId: kept.id, reason: 'other' })).json().id;
      expect((await closeReport(dismissed, { action: 'dismiss' })).json()).toEqual({ closed: 1, status: 'dismissed' });
      expect((await file.api.get(`/api/posts/${kept.id}`, reporter)).statusCode).toBe(200);
      const [event] = (await outboxEvents(file.svc, 'report.closed')).filter((e) => e.payload.reportId === dismissed);
      expect(event!.payload).toMatchObject({ reporterId: reporter, status: 'dismissed', moderation: null });
      const audit = (await outboxEvents(file.svc, 'admin.action-recorded')).filter(
        (e) => e.payload.targetType === 'report' && e.payload.targetId === String(dismissed),
      );
      expect(audit.map((e) => e.payload.action)).toEqual(['report.dismissed']);
    });

    it('a comment: shadow is 400; remove takes it out of the post and its count, audited as comment.removed', async () => {
      const post = await postBy();
      const commenter = nextId();
      const kept = (await file.api.post(`/api/posts/${post.id}/comment`, commenter, { content: 'fine' })).json<{ id: number }>();
      const bad = (await file.api.post(`/api/posts/${post.id}/comment`, commenter, { content: 'rude' })).json<{ id: number }>();
      const reporters = [nextId(), nextId()];
      const ids: number[] = [];
      for (const r of reporters) ids.push((await report(r, { commentId: bad.id, reason: 'harassment' })).json().id);
      expect(await groupOf('comment', bad.id)).toMatchObject({
        postId: post.id,
        content: 'rude',
        authorId: commenter,
        reportCount: 2,
        isDeleted: false,
      });

      expectError(await closeReport(ids[1]!, { action: 'resolve', moderation: 'shadow' }), 400, adminTexts.commentCannotShadow);
      expectError(await closeReport(ids[1]!, { action: 'resolve' }), 400, adminTexts.reportModerationRequired);
      expect((await closeReport(ids[1]!, { action: 'resolve', moderation: 'remove' })).json()).toEqual({ closed: 2, status: 'resolved' });

      const seen = (await file.api.get(`/api/posts/${post.id}`, reporters[0]!)).json<Post>();
      expect(seen.comments.map((c) => c.id)).toEqual([kept.id]);
      expect(seen.commentCount).toBe(1);
      const audit = (await outboxEvents(file.svc, 'admin.action-recorded')).filter(
        (e) => e.payload.targetType === 'comment' && e.payload.targetId === String(bad.id),
      );
      expect(audit.map((e) => e.payload.action)).toEqual(['comment.removed']);
      const closed = (await outboxEvents(file.svc, 'report.closed')).filter(
        (e) => e.payload.targetType === 'comment' && e.payload.targetId === bad.id,
      );
      expect(closed.map((e) => e.payload.reporterId)).toEqual(reporters);
    });

    it('two admins closing the same item at once close it once', async () => {
      const post = await postBy();
      const ids: number[] = [];
      for (const r of [nextId(), nextId()]) ids.push((await report(r, { postId: post.id, reason: 'spam' })).json().id);
      const answers = await Promise.all([
        closeReport(ids[0]!, { action: 'dismiss' }),
        closeReport(ids[1]!, { action: 'resolve', moderation: 'remove' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await outboxEvents(file.svc, 'report.closed')).filter((e) => e.payload.postId === post.id)).toHaveLength(2);
    });

    it('an unknown report is 404; a bad body 400', async () => {
      expectError(await closeReport(999_999_999_999, { action: 'dismiss' }), 404, adminTexts.reportNotFound);
      expectError(await closeReport('abc' as unknown as number, { action: 'dismiss' }), 404, adminTexts.reportNotFound);
      for (const body of [{}, { action: 'ignore' }, { action: 'resolve', moderation: 'hide' }]) {
        expect((await closeReport(1, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
    });
  });
});
