/**
 * Stories through the gateway, in whichever mode the harness started, with the real media service
 * storing and transcoding the files: a real photo and a real short video posted as stories, seen in
 * the owner's strip (the video processing first) and, once ready, in a friend's; a stranger sees
 * none; seen marks and the owner's viewers list; deleting; anonymous callers refused; and the
 * stories feature switched off answering 404 FEATURE_DISABLED at the edge.
 */
import { storyTexts as t, type CreatedStory, type StoryGroup, type StoryViewer } from '@kora/contracts';
import { eventually, readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../browser/support/png.js';
import { filesForm, makeVideo } from '../support/media-files.js';
import { auth, befriend, signedInMember, type SignedIn } from './support/members.js';
import { api, bearer, body, MODE } from './support/product.js';

const postStory = (who: SignedIn, file: { data: Buffer; name: string; type: string }) =>
  api('/api/stories', { method: 'POST', headers: { authorization: `Bearer ${who.token}` }, body: filesForm([file], 'media') });
const strip = async (who: SignedIn) => {
  const res = await api('/api/stories', auth(who.token));
  expect(res.status, await res.clone().text()).toBe(200);
  return body<StoryGroup[]>(res);
};

async function refused(res: Response, status: number, text: string): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(await res.json()).toEqual({ error: text, message: text, code: expect.any(String) });
}

describe(`stories through the gateway (${MODE})`, () => {
  let ada: SignedIn;
  let bola: SignedIn;
  let chidi: SignedIn;

  beforeAll(async () => {
    [ada, bola, chidi] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    await befriend(ada, bola);
  });

  it('refuses anonymous callers on every stories route', async () => {
    const calls: [string, RequestInit][] = [
      ['/api/stories', {}],
      ['/api/stories', { method: 'POST', body: filesForm([{ data: solidPng(), name: 'a.png', type: 'image/png' }], 'media') }],
      ['/api/stories/1/view', { method: 'POST' }],
      ['/api/stories/1/viewers', {}],
      ['/api/stories/1', { method: 'DELETE' }],
    ];
    for (const [path, init] of calls) expect((await api(path, init)).status, `${init.method ?? 'GET'} ${path}`).toBe(401);
  });

  it('posts a real photo and video; the owner sees both, a friend each once ready, a stranger none', async () => {
    const photoRes = await postStory(ada, { data: solidPng(96), name: 'sunset.png', type: 'image/png' });
    expect(photoRes.status, await photoRes.clone().text()).toBe(201);
    const photo = await body<CreatedStory>(photoRes);
    expect(photo).toMatchObject({ type: 'image', state: 'ready', url: expect.stringMatching(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/) });
    expect((await api(photo.url)).status).toBe(200);

    const videoRes = await postStory(ada, { data: await makeVideo(2), name: 'clip.mp4', type: 'video/mp4' });
    expect(videoRes.status, await videoRes.clone().text()).toBe(201);
    const video = await body<CreatedStory>(videoRes);
    expect(video).toMatchObject({
      type: 'video',
      state: 'processing',
      url: expect.stringMatching(/^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/),
    });

    const own = await strip(ada);
    expect(own[0]).toMatchObject({ userId: ada.user.user_id, username: ada.user.user_name, hasUnseen: false });
    expect(own[0]!.stories.map((s) => s.id)).toEqual([photo.id, video.id]);

    // The friend sees the photo at once, the video once media's worker has transcoded it.
    const friendStrip = await readUntil(
      () => strip(bola),
      (groups) => groups.find((g) => g.userId === ada.user.user_id)?.stories.length === 2,
      90_000,
    );
    const adaGroup = friendStrip.find((g) => g.userId === ada.user.user_id)!;
    expect(adaGroup).toMatchObject({ username: ada.user.user_name, hasUnseen: true });
    expect(adaGroup.stories.map((s) => [s.id, s.state, s.seen])).toEqual([
      [photo.id, 'ready', false],
      [video.id, 'ready', false],
    ]);
    expect(adaGroup.stories[1]!.posterUrl).toEqual(expect.stringMatching(/^\/uploads\/videos\//));
    expect((await api(video.url)).status).toBe(200);
    expect((await strip(ada))[0]!.stories[1]).toMatchObject({ state: 'ready' });

    expect((await strip(chidi)).some((g) => g.userId === ada.user.user_id)).toBe(false);
    await refused(await api(`/api/stories/${photo.id}/view`, { method: 'POST', ...auth(chidi.token) }), 404, t.notFound);

    // Seen marks, the owner's viewers list, and who may ask for it.
    for (let i = 0; i < 2; i++)
      expect(await body(await api(`/api/stories/${photo.id}/view`, { method: 'POST', ...auth(bola.token) }))).toEqual({ seen: true });
    const viewersRes = await api(`/api/stories/${photo.id}/viewers`, auth(ada.token));
    expect(viewersRes.status).toBe(200);
    expect((await body<StoryViewer[]>(viewersRes)).map((v) => [v.userId, v.username])).toEqual([[bola.user.user_id, bola.user.user_name]]);
    await refused(await api(`/api/stories/${photo.id}/viewers`, auth(bola.token)), 403, t.onlyOwnerViewers);
    expect((await strip(bola)).find((g) => g.userId === ada.user.user_id)!.stories.map((s) => s.seen)).toEqual([true, false]);

    // Deleting: the friend is refused, the owner's story leaves both strips.
    await refused(await api(`/api/stories/${photo.id}`, { method: 'DELETE', ...auth(bola.token) }), 403, t.onlyOwnerDeletes);
    expect((await api(`/api/stories/${photo.id}`, { method: 'DELETE', ...auth(ada.token) })).status).toBe(204);
    expect((await strip(ada))[0]!.stories.map((s) => s.id)).toEqual([video.id]);
    expect((await strip(bola)).find((g) => g.userId === ada.user.user_id)!.stories.map((s) => s.id)).toEqual([video.id]);
  });

  it("passes media's refusal of a file that is neither a photo nor a video", async () => {
    const res = await postStory(chidi, { data: Buffer.from('just some words'), name: 'notes.txt', type: 'text/plain' });
    expect(res.status, await res.clone().text()).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers 404 FEATURE_DISABLED while an admin has switched stories off', async () => {
    const headers = { ...(await bearer({ userId: 1, role: 'admin' })), 'content-type': 'application/json' };
    const setStories = (stories: boolean) =>
      api('/api/admin/settings/features', { method: 'PUT', headers, body: JSON.stringify({ stories }) });
    const code = async () => ((await (await api('/api/stories', auth(chidi.token))).json()) as { code?: string }).code;
    expect((await setStories(false)).status).toBe(200);
    try {
      await eventually(async () => (await code()) === 'FEATURE_DISABLED');
      const off = await api('/api/stories', auth(chidi.token));
      expect(off.status).toBe(404);
      expect(await off.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
    } finally {
      expect((await setStories(true)).status).toBe(200);
    }
    await eventually(async () => (await code()) !== 'FEATURE_DISABLED');
    expect((await api('/api/stories', auth(chidi.token))).status).toBe(200);
  });
});
