/**
 * Deleting an account, end to end (decision 034): a member with something in every service (a
 * post with a photo, a comment, a like, a saved post, a story, a reel, a friend, a group, a
 * notification, a wallet top-up) deletes their account; their old session is refused at once; after
 * the grace period (short in the test harness) every service erases them: no text or JSON column of
 * any schema still holds their e-mail, username or names, and none of their files is served.
 */
import { type CreatedStory, type GroupDetail, type Post, type UploadAnswer } from '@kora/contracts';
import { eventually, readUntil } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { solidPng } from '../browser/support/png.js';
import { filesForm, makeVideo } from '../support/media-files.js';
import { columnsHolding, DATABASE_URL } from './support/database.js';
import { auth, befriend, json, registerAndActivate, signIn, signedInMember, type SignedIn } from './support/members.js';
import { notificationsOf } from './support/notifications.js';
import { createPost } from './support/posts.js';
import { api, body, MODE } from './support/product.js';
import { topUp } from './support/wallet.js';

const GRACE_SECONDS = Number(process.env.KORA_DELETION_GRACE_SECONDS ?? 0);
const MEDIA_DIR = process.env.KORA_MEDIA_DIR;

async function upload(who: SignedIn, file: { data: Buffer; name: string; type: string }, purpose = 'post'): Promise<string> {
  const res = await api(`/api/media/upload?purpose=${purpose}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}` },
    body: filesForm([file]),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await body<UploadAnswer>(res)).urls[0]!;
}

// Needs the database (distributed product) and a grace period short enough to wait for.
describe.skipIf(!DATABASE_URL || GRACE_SECONDS <= 0 || GRACE_SECONDS > 60)(`account erasure (${MODE})`, () => {
  it('leaves no trace of the member in any table and no file of theirs', { timeout: 240_000 }, async () => {
    const tag = randomBytes(4).toString('hex');
    const member = {
      firstname: `Zebulon${tag}`,
      lastname: `Quartey${tag}`,
      username: `zq_${tag}`,
      email: `zq.${tag}@example.com`,
      password: 'correct horse 1',
    };
    await registerAndActivate(member);
    const gone = { ...(await signIn(member.email, member.password)), member };
    const friend = await signedInMember();
    await befriend(gone, friend);

    // Something of theirs in every service.
    const photo = await upload(gone, { data: solidPng(), name: 'me.png', type: 'image/png' });
    const post = await createPost(gone, `sunset at the beach ${tag}`, [{ url: photo, type: 'image' }]);
    const theirs = await createPost(friend, `friend's post ${tag}`);
    expect((await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, friend.token))).status).toBe(200);
    expect((await api(`/api/posts/${theirs.id}/react`, json({ reaction: 'like' }, gone.token))).status).toBe(200);
    expect((await api(`/api/posts/${theirs.id}/comment`, json({ content: 'lovely' }, gone.token))).status).toBe(201);
    expect((await api('/api/saves', json({ postId: theirs.id }, gone.token))).status).toBe(201);
    const storyRes = await api('/api/stories', {
      method: 'POST',
      headers: { authorization: `Bearer ${gone.token}` },
      body: filesForm([{ data: solidPng(96), name: 'story.png', type: 'image/png' }], 'media'),
    });
    expect(storyRes.status, await storyRes.clone().text()).toBe(201);
    const story = await body<CreatedStory>(storyRes);
    const clip = await upload(gone, { data: await makeVideo(2), name: 'reel.mp4', type: 'video/mp4' }, 'reel');
    const reelRes = await readUntil(
      () => api('/api/reels', json({ videoUrl: clip, caption: `my reel ${tag}` }, gone.token)),
      (res) => res.status === 201,
      30_000,
    );
    expect(reelRes.status, await reelRes.clone().text()).toBe(201);
    const groupRes = await api('/api/groups', json({ title: `Beach club ${tag}`, description: 'ours' }, gone.token));
    expect(groupRes.status, await groupRes.clone().text()).toBe(201);
    const group = await body<GroupDetail>(groupRes);
    await readUntil(
      () => api(`/api/groups/${group.group_id}/join`, { method: 'POST', ...auth(friend.token) }),
      (res) => res.status === 200,
    );
    await eventually(async () => (await notificationsOf(gone)).length > 0, 30_000);
    await topUp(gone, 500);
    const needles = [member.email, member.username, member.firstname, member.lastname];
    await eventually(async () => (await columnsHolding(needles)).length > 0);

    // Deleting: the balance is named first, then confirmed.
    const refused = await api('/api/settings/security/delete-account', json({ password: member.password }, gone.token));
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('BALANCE_NOT_EMPTY');
    const deleted = await api(
      '/api/settings/security/delete-account',
      json({ password: member.password, confirmBalance: true }, gone.token),
    );
    expect(deleted.status, await deleted.clone().text()).toBe(202);
    // The session ended with the request: the gateway refuses the old token at once, so a post
    // racing the deletion cannot go in through it.
    const late = await api('/api/posts', json({ userId: gone.user.user_id, content: 'one more', media: [] }, gone.token));
    expect(late.status).toBe(401);

    // After the grace period and the sweep, every service has acted on user.deleted.
    const files = [photo, story.url, clip];
    let left: string[] = [];
    await eventually(
      async () => {
        left = await columnsHolding(needles);
        return left.length === 0;
      },
      (GRACE_SECONDS + 90) * 1000,
      1000,
    ).catch(() => {
      throw new Error(`still holding the member: ${left.join(', ')}`);
    });
    for (const url of files) {
      await eventually(async () => (await api(url)).status === 404, 30_000);
      if (MEDIA_DIR) expect(existsSync(path.join(MEDIA_DIR, url.slice('/uploads/'.length)))).toBe(false);
    }
    expect((await api('/api/signin', json({ email: member.email, password: member.password }))).status).toBe(401);
    // Their group lives on with the friend as its owner; the friend's post lost the like and comment.
    const kept = await body<GroupDetail>(await api(`/api/groups/${group.group_id}`, auth(friend.token)));
    expect(kept.group_id).toBe(group.group_id);
    const after = await body<Post>(await api(`/api/posts/${theirs.id}`, auth(friend.token)));
    expect(after).toMatchObject({ likeCount: 0, commentCount: 0 });
    expect((await api(`/api/posts/${post.id}`, auth(friend.token))).status).toBe(404);
  });
});
