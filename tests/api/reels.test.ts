/**
 * Reels through the gateway, in whichever mode the harness started (decision 022): a real short
 * vertical clip uploaded with purpose=reel, the reel made of it, processed by media's worker until
 * ready, then in another member's feed; likes, comments and shares with the author notified
 * (reel_like, reel_comment); a 95 s clip ends failed with the length rule; refusals by role; and
 * the reels switch turned off answers 404 FEATURE_DISABLED. The product's own client sequence
 * works unchanged: a plain `POST /api/media/upload` (field `files`, no purpose), then
 * `POST /api/reels` with the first URL; its 95 s clip fails the length rule too.
 */
import { reelTexts as t, type Notification, type Reel, type ReelComment, type UploadAnswer } from '@kora/contracts';
import { eventually, makeVideo, readUntil } from '@kora/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesForm } from '../support/media-files.js';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { notificationsOf } from './support/notifications.js';
import { api, bearer, body, MODE } from './support/product.js';
import { saveSettings } from './support/settings.js';

type Member = SignedIn & { member: { username: string } };

async function refused(res: Response, status: number, text: string): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(await res.json()).toEqual({ error: text, message: text, code: expect.any(String) });
}

describe(`reels through the gateway (${MODE})`, () => {
  let ada: Member;
  let bola: Member;
  let chidi: Member;
  let dir: string;

  beforeAll(async () => {
    [ada, bola, chidi] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    dir = await mkdtemp(path.join(os.tmpdir(), 'kora-reels-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /**
   * Uploads a vertical clip of `seconds`; answers its URL. As a reel video (`purpose=reel`), or
   * `plainly` as the product's client does: `POST /api/media/upload`, field `files`, nothing else.
   */
  async function uploadReelVideo(who: SignedIn, seconds: number, plainly = false): Promise<string> {
    const clip = await makeVideo(dir, { duration: seconds, width: 360, height: 640, container: 'mp4', audio: true });
    const res = await api(plainly ? '/api/media/upload' : '/api/media/upload?purpose=reel', {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
      body: filesForm([{ data: clip, name: 'reel.mp4', type: 'video/mp4' }]),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await body<UploadAnswer>(res)).urls[0]!;
  }
  const createReel = async (who: SignedIn, videoUrl: string, caption = 'Sunset over Lekki') =>
    api('/api/reels', json({ videoUrl, caption }, who.token));
  const reelAs = async (who: SignedIn, id: number) => api(`/api/reels/${id}`, auth(who.token));
  const settled = (who: SignedIn, id: number) =>
    readUntil(
      async () => body<Reel>(await reelAs(who, id)),
      (r) => r.state !== 'processing',
      120_000,
    );
  const feedOf = async (who: SignedIn) => body<Reel[]>(await api('/api/reels?limit=30', auth(who.token)));

  it('refuses anonymous callers', async () => {
    await refused(await api('/api/reels'), 401, 'Please sign in to continue');
    expect((await api('/api/reels', json({ videoUrl: '/uploads/videos/x.mp4' }))).status).toBe(401);
    expect((await api('/api/reels/1/like', { method: 'POST' })).status).toBe(401);
  });

  it('uploads a clip as a reel, makes it, shows it once ready, and tells the author of likes and comments', async () => {
    const videoUrl = await uploadReelVideo(ada, 3);
    // Someone else's video is not theirs to make a reel of.
    await refused(await createReel(bola, videoUrl), 403, t.videoNotYours);
    const res = await createReel(ada, videoUrl);
    expect(res.status, await res.clone().text()).toBe(201);
    const reel = await body<Reel>(res);
    expect(reel).toMatchObject({
      videoUrl,
      caption: 'Sunset over Lekki',
      authorUsername: ada.member.username,
      likeCount: 0,
      hasLiked: false,
    });
    await refused(await createReel(ada, videoUrl), 409, t.videoUsed);

    const ready = await settled(ada, reel.id);
    expect(ready).toMatchObject({ state: 'ready', error: null, posterUrl: expect.any(String) });
    expect(ready.durationSeconds).toBeGreaterThan(2.5);
    expect(ready.height! > ready.width!).toBe(true);
    const seen = await readUntil(async () => (await feedOf(bola)).find((r) => r.id === reel.id), Boolean);
    expect(seen).toMatchObject({ id: reel.id, state: 'ready', authorId: ada.user.user_id });

    expect(
      await body(await api(`/api/reels/${reel.id}/like`, { method: 'POST', headers: { authorization: `Bearer ${bola.token}` } })),
    ).toEqual({ liked: true, likeCount: 1 });
    const comment = await api(`/api/reels/${reel.id}/comments`, json({ content: '  Beautiful!  ' }, bola.token));
    expect(comment.status).toBe(201);
    expect(await body<ReelComment>(comment)).toMatchObject({
      content: 'Beautiful!',
      userId: bola.user.user_id,
      username: bola.member.username,
    });
    await refused(await api(`/api/reels/${reel.id}/comments`, json({ content: '   ' }, bola.token)), 400, t.commentRequired);
    const share = { method: 'POST', headers: { authorization: `Bearer ${chidi.token}` } };
    expect(await body(await api(`/api/reels/${reel.id}/share`, share))).toEqual({ shared: true, shareCount: 1 });
    expect(await body(await api(`/api/reels/${reel.id}/share`, share))).toEqual({ shared: true, shareCount: 1 });
    const comments = await api(`/api/reels/${reel.id}/comments`, auth(ada.token));
    expect((await body<ReelComment[]>(comments)).map((c) => c.content)).toEqual(['Beautiful!']);
    expect(await body<Reel>(await reelAs(chidi, reel.id))).toMatchObject({ likeCount: 1, commentCount: 1, shareCount: 1, hasLiked: false });

    const about = await readUntil(
      async () => (await notificationsOf(ada)).filter((n: Notification) => n.entityType === 'reel' && n.entityId === reel.id),
      (list) => list.length >= 2,
    );
    expect(about.map((n) => [n.type, n.actorId, n.message]).sort()).toEqual([
      ['reel_comment', bola.user.user_id, 'commented on your reel: "Beautiful!"'],
      ['reel_like', bola.user.user_id, 'liked your reel'],
    ]);

    // Friends only: chidi (not a friend) no longer sees it; ada deletes it, and it is gone for all.
    await saveSettings(ada, 'privacy', { profileVisibility: 'friends' });
    await eventually(async () => (await reelAs(chidi, reel.id)).status === 404);
    await refused(
      await api(`/api/reels/${reel.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${bola.token}` } }),
      404,
      t.notFound,
    );
    await saveSettings(ada, 'privacy', { profileVisibility: 'everyone' });
    await eventually(async () => (await reelAs(bola, reel.id)).status === 200);
    await refused(
      await api(`/api/reels/${reel.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${bola.token}` } }),
      403,
      t.onlyAuthorDeletes,
    );
    expect((await api(`/api/reels/${reel.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${ada.token}` } })).status).toBe(204);
    await refused(await reelAs(bola, reel.id), 404, t.notFound);
  });

  it('ends a 95 s clip failed with the length rule, seen by its author alone', async () => {
    const videoUrl = await uploadReelVideo(ada, 95);
    const res = await createReel(ada, videoUrl, 'Too long');
    // Media may have refused it already (then the reel is refused at once) or not yet (then it fails).
    if (res.status === 400) {
      await refused(res, 400, `${t.videoFailed}: ${t.tooLong}`);
      return;
    }
    expect(res.status, await res.clone().text()).toBe(201);
    const reel = await body<Reel>(res);
    expect(await settled(ada, reel.id)).toMatchObject({ state: 'failed', error: t.tooLong });
    await refused(await reelAs(bola, reel.id), 404, t.notFound);
    expect((await feedOf(bola)).map((r) => r.id)).not.toContain(reel.id);
  });

  it("makes a reel the product client's way: a plain upload, then the first URL with a caption", async () => {
    const videoUrl = await uploadReelVideo(ada, 3, true);
    await refused(await createReel(bola, videoUrl), 403, t.videoNotYours);
    const res = await createReel(ada, videoUrl, 'Jollof at Yaba');
    expect(res.status, await res.clone().text()).toBe(201);
    const reel = await body<Reel>(res);
    expect(reel).toMatchObject({ videoUrl, caption: 'Jollof at Yaba', authorUsername: ada.member.username, likeCount: 0 });
    expect(await settled(ada, reel.id)).toMatchObject({ state: 'ready', error: null });
    const seen = await readUntil(async () => (await feedOf(bola)).find((r) => r.id === reel.id), Boolean);
    expect(seen).toMatchObject({ id: reel.id, videoUrl, caption: 'Jollof at Yaba' });
  });

  it("ends the product client's plain upload of a 95 s clip failed with the length rule", async () => {
    const videoUrl = await uploadReelVideo(chidi, 95, true);
    const res = await createReel(chidi, videoUrl, 'Too long, plainly');
    // Media may have measured it already (then the reel is refused at once) or not yet (then it fails).
    if (res.status === 400) {
      await refused(res, 400, `${t.videoFailed}: ${t.tooLong}`);
      return;
    }
    expect(res.status, await res.clone().text()).toBe(201);
    const reel = await body<Reel>(res);
    expect(await settled(chidi, reel.id)).toMatchObject({ state: 'failed', error: t.tooLong });
    await refused(await reelAs(bola, reel.id), 404, t.notFound);
    // Measured now, the video is refused as too long before anything else is asked of it.
    await refused(await createReel(chidi, videoUrl, 'Again'), 400, `${t.videoFailed}: ${t.tooLong}`);
    // A plain upload is processed as a post's video (up to 30 minutes), so all 95 s are read first.
  }, 180_000);

  it('answers 404 FEATURE_DISABLED while an admin has reels switched off', async () => {
    const headers = { ...(await bearer({ userId: 1, role: 'admin' })), 'content-type': 'application/json' };
    const setReels = (reels: boolean) => api('/api/admin/settings/features', { method: 'PUT', headers, body: JSON.stringify({ reels }) });
    const code = async () => ((await (await api('/api/reels', auth(bola.token))).json()) as { code?: string }).code;
    expect((await setReels(false)).status).toBe(200);
    try {
      await eventually(async () => (await code()) === 'FEATURE_DISABLED');
      const off = await api('/api/reels', auth(bola.token));
      expect(off.status).toBe(404);
    } finally {
      expect((await setReels(true)).status).toBe(200);
    }
    await eventually(async () => (await api('/api/reels', auth(bola.token))).status === 200);
  });
});
