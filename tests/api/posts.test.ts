/**
 * Posts and media through the gateway, in whichever mode the harness started: real members (their
 * names reach the posts service as auth events), uploads checked by magic bytes, a real video
 * transcoded by the worker and its state reaching the post through media's events, and every
 * interaction refused to the callers who may not make it.
 */
import { mediaTexts, postTexts, type Post, type UploadAnswer, type VideoStatus } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../browser/support/png.js';
import { filesForm, makeVideo } from '../support/media-files.js';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, bearer, body, MODE } from './support/product.js';

async function upload(token: string, files: { data: Buffer; name: string; type: string }[]): Promise<Response> {
  return api('/api/media/upload', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: filesForm(files) });
}

async function getPost(token: string, id: number): Promise<Response> {
  return api(`/api/posts/${id}`, auth(token));
}

/** Polls a video's status until the worker has finished with it (ready or failed), up to 90 s. */
async function settledVideo(token: string, videoId: number): Promise<VideoStatus> {
  return readUntil(
    async () => body<VideoStatus>(await api(`/api/media/videos/${videoId}`, auth(token))),
    (s) => s.status !== 'processing',
    90_000,
  );
}

describe(`posts and media through the gateway (${MODE})`, () => {
  let ada: SignedIn;
  let bola: SignedIn;

  beforeAll(async () => {
    [ada, bola] = await Promise.all([signedInMember(), signedInMember()]);
  });

  it('refuses anonymous callers on every posts and media route', async () => {
    const calls: [string, RequestInit][] = [
      ['/api/posts', {}],
      ['/api/posts/1', {}],
      ['/api/posts', json({ userId: 1, content: 'x' })],
      ['/api/posts/1/react', json({ reaction: 'like' })],
      ['/api/posts/1/comment', json({ content: 'x' })],
      ['/api/posts/1/share', { method: 'POST' }],
      ['/api/posts/1', { method: 'DELETE' }],
      ['/api/saves', {}],
      ['/api/saves', json({ postId: 1 })],
      ['/api/saves/1', { method: 'DELETE' }],
      ['/api/memories', {}],
      ['/api/media/upload', { method: 'POST', body: filesForm([{ data: solidPng(), name: 'a.png', type: 'image/png' }]) }],
      ['/api/media/videos/1', {}],
    ];
    for (const [path, init] of calls) {
      const res = await api(path, init);
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(401);
    }
  });

  it('answers an anonymous 8 MB upload with 401 every time, although the body is refused unread', async () => {
    // media refuses before reading the body; the client is still writing it when the answer comes.
    const big = Buffer.alloc(8 * 1024 * 1024, 7);
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      try {
        const res = await api('/api/media/upload', {
          method: 'POST',
          body: filesForm([{ data: big, name: 'big.png', type: 'image/png' }]),
        });
        outcomes.push(`${res.status} ${(await body<{ code: string }>(res)).code}`);
      } catch (err) {
        outcomes.push(`failed: ${String((err as { cause?: { code?: string } }).cause?.code ?? err)}`);
      }
    }
    expect(new Set(outcomes)).toEqual(new Set(['401 UNAUTHENTICATED']));
  });

  it('creates a text post with the author from the accounts events, and validates content', async () => {
    const post = await createPost(ada, 'Hello from Lagos');
    expect(post).toMatchObject({ content: 'Hello from Lagos', likes: [], comments: [], shareCount: 0, hasShared: false, hasSaved: false });
    const seen = await readUntil(
      async () => body<Post>(await getPost(ada.token, post.id)),
      (p) => p.author.username === ada.user.user_name,
    );
    expect(seen.author).toMatchObject({ id: ada.user.user_id, username: ada.user.user_name });

    const empty = await api('/api/posts', json({ userId: ada.user.user_id, content: '   ', media: [] }, ada.token));
    expect(empty.status).toBe(400);
    expect((await body<{ message: string }>(empty)).message).toBe(postTexts.empty);

    const tooLong = await api('/api/posts', json({ userId: ada.user.user_id, content: 'a'.repeat(5001) }, ada.token));
    expect(tooLong.status).toBe(400);
    expect((await body<{ message: string }>(tooLong)).message).toBe(postTexts.tooLong(5000));

    const asSomeoneElse = await api('/api/posts', json({ userId: bola.user.user_id, content: 'spoofed' }, ada.token));
    expect(asSomeoneElse.status).toBe(403);
    expect((await body<{ message: string }>(asSomeoneElse)).message).toBe(postTexts.notYourUserId);

    const foreignMedia = await api(
      '/api/posts',
      json({ userId: ada.user.user_id, content: 'x', media: [{ url: 'https://evil.example/a.png', type: 'image' }] }, ada.token),
    );
    expect(foreignMedia.status).toBe(400);
  });

  it('uploads a photo, serves it re-encoded with long caching, and refuses disguised or oversized files', async () => {
    const res = await upload(ada.token, [{ data: solidPng(300), name: 'photo.png', type: 'image/png' }]);
    expect(res.status, await res.clone().text()).toBe(201);
    const answer = await body<UploadAnswer>(res);
    expect(answer.urls).toHaveLength(1);
    expect(answer.urls[0]).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    const file = await api(answer.urls[0]!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toContain('immutable');

    const post = await createPost(ada, '', [{ url: answer.urls[0]!, type: 'image' }]);
    expect(post.images).toEqual(answer.urls);
    expect(post.videos).toEqual([]);

    // Light media (decision 044): its narrower width and AVIFs beside it, served alike, and the post
    // learns its sizes and placeholder from media's photo.stored.
    expect(answer.files[0]).toMatchObject({ width: 300, height: 300, widths: [300], formats: ['avif', 'webp'] });
    expect(answer.files[0]!.placeholder).toEqual(expect.any(String));
    const avif = await api(answer.urls[0]!.replace('.webp', '.avif'));
    expect([avif.status, avif.headers.get('content-type')]).toEqual([200, 'image/avif']);
    expect(avif.headers.get('cache-control')).toContain('immutable');
    const photo = await readUntil(
      async () => body<Post>(await getPost(ada.token, post.id)),
      (p) => (p.imageDetails ?? []).length > 0,
    );
    expect(photo.imageDetails).toEqual([
      { url: answer.urls[0], width: 300, height: 300, placeholder: answer.files[0]!.placeholder, widths: [300], formats: ['avif', 'webp'] },
    ]);

    const disguised = await upload(ada.token, [
      { data: Buffer.from('just some text, not a picture'), name: 'cat.jpg', type: 'image/jpeg' },
    ]);
    expect(disguised.status).toBe(415);

    // A real PNG header (the type passes) followed by padding past the site's current limit.
    const settings = await api('/api/admin/settings', { headers: await bearer({ userId: 1, role: 'admin' }) });
    const { maxUploadMB } = (await body<{ storage: { maxUploadMB: number } }>(settings)).storage;
    const big = Buffer.concat([solidPng(300), Buffer.alloc((maxUploadMB + 1) * 1024 * 1024, 1)]);
    const oversized = await upload(ada.token, [{ data: big, name: 'big.png', type: 'image/png' }]);
    expect(oversized.status).toBe(413);
    expect((await body<{ message: string }>(oversized)).message).toBe(mediaTexts.tooLarge(maxUploadMB));

    const nothing = await api('/api/media/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}` },
      body: new FormData(),
    });
    expect(nothing.status).toBe(400);
  });

  it('transcodes a real video in the worker and the post learns it is ready; a truncated one fails', async () => {
    const clip = await makeVideo(2);
    const res = await upload(ada.token, [{ data: clip, name: 'clip.mp4', type: 'video/mp4' }]);
    expect(res.status, await res.clone().text()).toBe(201);
    const { urls, files } = await body<UploadAnswer>(res);
    expect(urls[0]).toMatch(/^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/);
    const videoId = files[0]!.videoId!;

    const post = await createPost(ada, 'A short clip', [{ url: urls[0]!, type: 'video' }]);
    expect(post.videos).toEqual(urls);

    const status = await settledVideo(ada.token, videoId);
    expect(status).toMatchObject({ status: 'ready', error: null });
    expect(status.durationSeconds).toBeGreaterThan(1.5);
    expect(status.durationSeconds).toBeLessThan(2.6);

    const ready = await readUntil(
      async () => body<Post>(await getPost(ada.token, post.id)),
      (p) => p.videoDetails[0]?.status === 'ready',
    );
    expect(ready.videoDetails[0]).toMatchObject({ url: urls[0], status: 'ready', posterUrl: status.posterUrl });
    const ranged = await api(urls[0]!, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');

    const truncated = await upload(ada.token, [{ data: clip.subarray(0, 2048), name: 'broken.mp4', type: 'video/mp4' }]);
    expect(truncated.status).toBe(201);
    const brokenId = (await body<UploadAnswer>(truncated)).files[0]!.videoId!;
    const failed = await settledVideo(ada.token, brokenId);
    expect(failed.status).toBe('failed');
  });

  it('likes, comments, shares and saves, and only the author deletes', async () => {
    const post = await createPost(ada, 'Interact with me');
    const like = await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, bola.token));
    expect(await body(like)).toEqual({ liked: true, likeCount: 1 });
    const unlike = await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, bola.token));
    expect(await body(unlike)).toEqual({ liked: false, likeCount: 0 });
    await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, bola.token));

    const blank = await api(`/api/posts/${post.id}/comment`, json({ content: '  ' }, bola.token));
    expect(blank.status).toBe(400);
    expect((await body<{ message: string }>(blank)).message).toBe(postTexts.commentBlank);
    const comment = await api(`/api/posts/${post.id}/comment`, json({ content: 'Nice one' }, bola.token));
    expect(comment.status).toBe(201);

    const share = await api(`/api/posts/${post.id}/share`, { method: 'POST', ...auth(bola.token) });
    expect(await body(share)).toEqual({ shared: true, shareCount: 1 });
    const again = await api(`/api/posts/${post.id}/share`, { method: 'POST', ...auth(bola.token) });
    expect(await body(again)).toEqual({ shared: true, shareCount: 1 });

    expect((await api('/api/saves', json({ postId: post.id }, bola.token))).status).toBe(201);
    const saved = await body<Post[]>(await api('/api/saves', auth(bola.token)));
    expect(saved.map((p) => p.id)).toContain(post.id);

    const seenByBola = await body<Post>(await getPost(bola.token, post.id));
    expect(seenByBola).toMatchObject({ likeCount: 1, hasLiked: true, commentCount: 1, shareCount: 1, hasShared: true, hasSaved: true });
    expect(seenByBola.comments[0]).toMatchObject({ userId: bola.user.user_id, content: 'Nice one' });

    expect((await api(`/api/saves/${post.id}`, { method: 'DELETE', ...auth(bola.token) })).status).toBe(200);
    expect((await body<Post>(await getPost(bola.token, post.id))).hasSaved).toBe(false);

    const notYours = await api(`/api/posts/${post.id}`, { method: 'DELETE', ...auth(bola.token) });
    expect(notYours.status).toBe(403);
    expect((await body<{ message: string }>(notYours)).message).toBe(postTexts.notAuthor);
    expect((await api(`/api/posts/${post.id}`, { method: 'DELETE', ...auth(ada.token) })).status).toBe(200);
    const gone = await getPost(ada.token, post.id);
    expect(gone.status).toBe(404);
    expect((await body<{ message: string }>(gone)).message).toBe(postTexts.notFound);
  });

  it("shows members their own posts in the feed, not strangers', and lists an author's posts for the profile", async () => {
    const mine = await createPost(bola, `Feed check ${Date.now()}`);
    const bolaFeed = await body<Post[]>(await api('/api/posts', auth(bola.token)));
    expect(bolaFeed[0]?.id).toBe(mine.id);
    const adaFeed = await body<Post[]>(await api('/api/posts?limit=50', auth(ada.token)));
    expect(adaFeed.map((p) => p.id)).not.toContain(mine.id);

    const profile = await body<Post[]>(await api(`/api/posts?authorId=${bola.user.user_id}`, auth(ada.token)));
    expect(profile.map((p) => p.id)).toContain(mine.id);

    const badCursor = await api('/api/posts?cursor=not-a-cursor', auth(ada.token));
    expect(badCursor.status).toBe(400);
    expect((await body<{ message: string }>(badCursor)).message).toBe(postTexts.cursorInvalid);

    const memories = await api('/api/memories', auth(ada.token));
    expect(memories.status).toBe(200);
    expect(await body<Post[]>(memories)).toEqual([]);
    expect(memories.headers.get('x-memories-date')).toMatch(/^\d{4}-\d\d-\d\d$/);
  });
});
