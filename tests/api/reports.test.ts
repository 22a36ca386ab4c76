/**
 * Reports through the gateway (decision 024), on the embedded and the distributed product: members
 * report what they see, once; an admin sees them grouped by item and closes them all with the
 * moderation taken; each reporter is told the outcome by the notifications service (report.closed
 * through the bus), and the removed item is gone for everyone.
 */
import { adminTexts, postTexts, type AdminReportGroup, type Notification, type Post } from '@kora/contracts';
import { EVENTUAL_MS, readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { notificationsOf } from './support/notifications.js';
import { createPost } from './support/posts.js';
import { api, bearer, body, MODE } from './support/product.js';

describe(`reports (${MODE})`, () => {
  let author: SignedIn;
  let first: SignedIn;
  let second: SignedIn;
  let admin: Record<string, string>;
  beforeAll(async () => {
    [author, first, second] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    admin = { ...(await bearer({ userId: 1, role: 'admin' })), 'content-type': 'application/json' };
  });

  const report = (who: SignedIn | null, payload: object) => api('/api/reports', json(payload, who?.token));
  const groups = async (status = 'open') =>
    (await body<{ items: AdminReportGroup[] }>(await api(`/api/admin/reports?status=${status}&limit=100`, { headers: admin }))).items;
  const close = (id: number, payload: object) =>
    api(`/api/admin/reports/${id}`, { method: 'PUT', headers: admin, body: JSON.stringify(payload) });
  const outcome = (who: SignedIn, postId: number) =>
    readUntil(
      async () => (await notificationsOf(who)).find((n: Notification) => n.type === 'report_outcome' && n.meta.postId === postId),
      (n) => n !== undefined,
      EVENTUAL_MS,
    );

  it('members report a post once; not their own; anonymous callers 401', async () => {
    const post = await createPost(author, 'report me once');
    const res = await report(first, { postId: post.id, reason: 'spam', note: 'the same link again' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await body<object>(res)).toEqual({ id: expect.any(Number), message: adminTexts.reportSent });
    const again = await report(first, { postId: post.id, reason: 'other' });
    expect(again.status).toBe(409);
    expect(await body<object>(again)).toMatchObject({ error: adminTexts.alreadyReported });
    const own = await report(author, { postId: post.id, reason: 'spam' });
    expect(own.status).toBe(400);
    expect(await body<object>(own)).toMatchObject({ error: adminTexts.cannotReportOwn });
    expect((await report(null, { postId: post.id, reason: 'spam' })).status).toBe(401);
    const missing = await report(first, { postId: 999_999_999_999, reason: 'spam' });
    expect(missing.status).toBe(404);
    expect(await body<object>(missing)).toMatchObject({ error: postTexts.notFound });
    const bad = await report(first, { reason: 'spam' });
    expect(bad.status).toBe(400);
    expect(await body<object>(bad)).toMatchObject({ error: adminTexts.reportTargetRequired });
  });

  it('an admin resolves every report on a post at once: removed for all, each reporter told', async () => {
    const post = await createPost(author, 'report me twice');
    const ids: number[] = [];
    for (const who of [first, second])
      ids.push((await body<{ id: number }>(await report(who, { postId: post.id, reason: 'harassment' }))).id);
    const group = (await groups()).find((g) => g.targetType === 'post' && g.targetId === post.id);
    expect(group).toMatchObject({ id: ids[1], postId: post.id, authorId: author.user.user_id, reportCount: 2, reasons: ['harassment'] });
    expect(group!.reports.map((r) => r.reporterId)).toEqual([second.user.user_id, first.user.user_id]);

    const closed = await close(group!.id, { action: 'resolve', moderation: 'remove' });
    expect(closed.status, await closed.clone().text()).toBe(200);
    expect(await body<object>(closed)).toEqual({ closed: 2, status: 'resolved' });
    expect((await api(`/api/posts/${post.id}`, auth(author.token))).status).toBe(404);
    expect((await groups()).find((g) => g.targetId === post.id && g.targetType === 'post')).toBeUndefined();
    const again = await close(ids[0]!, { action: 'dismiss' });
    expect(again.status).toBe(409);
    expect(await body<object>(again)).toMatchObject({ error: adminTexts.reportClosed });

    for (const who of [first, second]) {
      expect(await outcome(who, post.id)).toMatchObject({
        type: 'report_outcome',
        entityType: 'post',
        entityId: post.id,
        message: 'We removed the post you reported. Thank you.',
      });
    }
  });

  it('a reported comment removed leaves the post; a dismissed report says nothing was wrong', async () => {
    const post: Post = await createPost(author, 'a post with a rude comment');
    const rude = await api(`/api/posts/${post.id}/comment`, json({ content: 'rude words' }, second.token));
    expect(rude.status).toBe(201);
    const comment = await body<{ id: number }>(rude);
    const reported = await body<{ id: number }>(await report(first, { commentId: comment.id, reason: 'harassment' }));
    const shadow = await close(reported.id, { action: 'resolve', moderation: 'shadow' });
    expect(shadow.status).toBe(400);
    expect(await body<object>(shadow)).toMatchObject({ error: adminTexts.commentCannotShadow });
    expect((await close(reported.id, { action: 'resolve', moderation: 'remove' })).status).toBe(200);
    const seen = await body<Post>(await api(`/api/posts/${post.id}`, auth(author.token)));
    expect(seen.comments).toEqual([]);
    expect(seen.commentCount).toBe(0);
    expect(await outcome(first, post.id)).toMatchObject({ message: 'We removed the comment you reported. Thank you.' });

    const fine = await createPost(author, 'nothing wrong here');
    const dismissed = await body<{ id: number }>(await report(second, { postId: fine.id, reason: 'other' }));
    expect(await body<object>(await close(dismissed.id, { action: 'dismiss' }))).toEqual({ closed: 1, status: 'dismissed' });
    expect((await api(`/api/posts/${fine.id}`, auth(second.token))).status).toBe(200);
    expect(await outcome(second, fine.id)).toMatchObject({
      message: 'We reviewed the post you reported and found it does not break our rules.',
    });
  });
});
