/**
 * Reels themselves (decision 022): making a reel of your own reel upload (media asked at once),
 * its state from the videos projection, the feed and one reel as each role sees them (author,
 * other member, a stranger or a friend of a friends-only author, anonymous), deleting, and the
 * refusals with their texts.
 */
import { reelLimits, reelTexts as t, type Reel } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { countsOf, createReelOf, publishedReel, reelEvents, reelVideo, useReelsService } from '../reels/test-support.js';
import { befriend, expectError, memberIds, registerMember, setProfileVisibility, videoFailed, videoProcessed } from '../test-support.js';

describe(`reels (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useReelsService();
  const nextId = memberIds();
  const feed = async (userId: number, query = '') => {
    const res = await service.api.get(`/api/reels${query}`, userId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Reel[]>();
  };
  const feedIds = async (userId: number) => (await feed(userId, `?limit=${reelLimits.maxPageSize}`)).map((r) => r.id);
  /** The caller's own reels in their feed (other tests' published reels are in it too). */
  const ownFeed = async (userId: number) => (await feed(userId, `?limit=${reelLimits.maxPageSize}`)).filter((r) => r.authorId === userId);
  const getReel = (userId: number, id: number) => service.api.get(`/api/reels/${id}`, userId);

  it('refuses anonymous callers on every route', async () => {
    const { api } = service;
    expectError(await api.get('/api/reels', null), 401, 'Please sign in to continue');
    expect((await api.post('/api/reels', null, { videoUrl: '/uploads/videos/x.mp4' })).statusCode).toBe(401);
    for (const path of ['/api/reels/1', '/api/reels/1/comments']) expect((await api.get(path, null)).statusCode).toBe(401);
    for (const path of ['/api/reels/1/like', '/api/reels/1/share']) expect((await api.post(path, null)).statusCode).toBe(401);
    expect((await api.post('/api/reels/1/comments', null, { content: 'Hi' })).statusCode).toBe(401);
    expect((await api.delete('/api/reels/1', null)).statusCode).toBe(401);
  });

  it('makes a processing reel of your own reel upload, asking media once, and announces it', async () => {
    const { api, svc, media } = service;
    const ada = nextId();
    await registerMember(svc, ada, 'adaeze');
    const video = reelVideo(media, ada);
    const before = media.lookups;
    const reel = await createReelOf(api, ada, video, '  Sunset over Lekki 🌅 ');
    expect(media.lookups - before).toBe(1);
    expect(media.lastCaller).toBe('stories-reels');
    expect(reel).toMatchObject({
      videoUrl: video.url,
      caption: 'Sunset over Lekki 🌅',
      authorId: ada,
      authorUsername: 'adaeze',
      likeCount: 0,
      commentCount: 0,
      shareCount: 0,
      hasLiked: false,
      state: 'processing',
      posterUrl: null,
      error: null,
    });
    const [created] = await reelEvents(svc, reel.id, 'reel.created');
    expect(created?.topic).toBe('stories-reels.reel');
    expect(created?.payload).toEqual({
      reelId: reel.id,
      authorId: ada,
      videoUrl: video.url,
      caption: 'Sunset over Lekki 🌅',
      createdAt: reel.createdAt,
    });
  });

  it("refuses a video that is missing, someone else's, outside the reel rules, failed or too long, and a caption too long", async () => {
    const { api, media } = service;
    const [ada, bola] = [nextId(), nextId()];
    const post = (body: unknown) => api.post('/api/reels', ada, body);
    expectError(await post({}), 400, t.videoRequired);
    expectError(await post({ videoUrl: '  ' }), 400, t.videoRequired);
    expectError(await post({ videoUrl: '/uploads/videos/nobody-uploaded-this.mp4' }), 400, t.videoNotFound);
    expectError(await post({ videoUrl: reelVideo(media, bola).url }), 403, t.videoNotYours);
    const matroska = reelVideo(media, ada, { purpose: 'post', sourceMime: 'video/x-matroska' });
    expectError(await post({ videoUrl: matroska.url }), 400, t.onlyTypes);
    const large = reelVideo(media, ada, { purpose: 'post', sourceBytes: reelLimits.maxBytes + 1 });
    expectError(await post({ videoUrl: large.url }), 400, t.maxSize);
    const failed = reelVideo(media, ada, { status: 'failed', error: 'The file is not a playable video' });
    expectError(await post({ videoUrl: failed.url }), 400, `${t.videoFailed}: The file is not a playable video`);
    const long = reelVideo(media, ada, {
      status: 'ready',
      durationSeconds: 95,
      posterUrl: '/uploads/videos/p.jpg',
      width: 1080,
      height: 1920,
    });
    expectError(await post({ videoUrl: long.url }), 400, `${t.videoFailed}: ${t.tooLong}`);
    expectError(
      await post({ videoUrl: reelVideo(media, ada).url, caption: 'x'.repeat(reelLimits.maxCaptionLength + 1) }),
      400,
      t.captionTooLong,
    );
    expect(await ownFeed(ada)).toEqual([]);
  });

  it('makes a reel of a video uploaded for a post or a story when it meets the reel rules', async () => {
    const { api, media } = service;
    const ada = nextId();
    for (const purpose of ['post', 'story'] as const) {
      const video = reelVideo(media, ada, { purpose, sourceMime: 'video/quicktime', sourceBytes: reelLimits.maxBytes });
      const res = await api.post('/api/reels', ada, { videoUrl: video.url, caption: `From a ${purpose} upload` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<Reel>()).toMatchObject({ videoUrl: video.url, caption: `From a ${purpose} upload`, state: 'processing' });
    }
    expect(await ownFeed(ada)).toHaveLength(2);
  });

  it('makes one reel of a video, even when asked many times at once', async () => {
    const { api, svc, media } = service;
    const ada = nextId();
    const video = reelVideo(media, ada);
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.post('/api/reels', ada, { videoUrl: video.url })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) expectError(refused, 409, t.videoUsed);
    const mine = await ownFeed(ada);
    expect(mine).toHaveLength(1);
    expect((await reelEvents(svc, mine[0]!.id, 'reel.created')).length).toBe(1);
    expectError(await api.post('/api/reels', ada, { videoUrl: video.url }), 409, t.videoUsed);
  });

  it("takes a ready video's state from media's answer at once", async () => {
    const { api, media } = service;
    const ada = nextId();
    const ready = reelVideo(media, ada, {
      status: 'ready',
      durationSeconds: 14.2,
      posterUrl: '/uploads/videos/a-poster.jpg',
      width: 1080,
      height: 1920,
    });
    const reel = await createReelOf(api, ada, ready);
    expect(reel).toMatchObject({
      state: 'ready',
      posterUrl: '/uploads/videos/a-poster.jpg',
      durationSeconds: 14.2,
      width: 1080,
      height: 1920,
      error: null,
    });
    expect(await feedIds(nextId())).toContain(reel.id);
  });

  it('shows a reel to others once its video is processed; a failed or too long one only to its author, with why', async () => {
    const { api, svc, media } = service;
    const [ada, bola] = [nextId(), nextId()];
    const ok = reelVideo(media, ada);
    const broken = reelVideo(media, ada);
    const long = reelVideo(media, ada);
    const [okReel, brokenReel, longReel] = [
      await createReelOf(api, ada, ok),
      await createReelOf(api, ada, broken),
      await createReelOf(api, ada, long),
    ];

    // Processing: the author sees all three, nobody else any.
    expect((await ownFeed(ada)).map((r) => [r.id, r.state])).toEqual([
      [longReel.id, 'processing'],
      [brokenReel.id, 'processing'],
      [okReel.id, 'processing'],
    ]);
    expect(await feedIds(bola)).not.toContain(okReel.id);
    expectError(await getReel(bola, okReel.id), 404, t.notFound);

    await videoProcessed(svc, ok.facts, 12.5);
    await videoFailed(svc, broken.facts, 'The file is not a playable video');
    // Media's worker refuses a reel over 90 s; should one come out ready anyway, it stays unpublished.
    await videoProcessed(svc, long.facts, 95);

    const mine = await ownFeed(ada);
    expect(mine.map((r) => [r.id, r.state, r.error])).toEqual([
      [longReel.id, 'failed', t.tooLong],
      [brokenReel.id, 'failed', 'The file is not a playable video'],
      [okReel.id, 'ready', null],
    ]);
    expect(mine[2]).toMatchObject({ posterUrl: ok.url.replace(/\.mp4$/, '-poster.jpg'), durationSeconds: 12.5, width: 1080, height: 1920 });
    expect(mine[0]).toMatchObject({ posterUrl: null, durationSeconds: null });
    const others = await feed(bola, `?limit=${reelLimits.maxPageSize}`);
    expect(others.find((r) => r.id === okReel.id)).toMatchObject({ state: 'ready', hasLiked: false });
    expect(others.map((r) => r.id)).not.toContain(brokenReel.id);
    expect(others.map((r) => r.id)).not.toContain(longReel.id);
    expect((await getReel(bola, okReel.id)).json()).toMatchObject({ id: okReel.id, state: 'ready' });
    expectError(await getReel(bola, longReel.id), 404, t.notFound);
    expect((await getReel(ada, longReel.id)).json()).toMatchObject({ state: 'failed', error: t.tooLong });
  });

  it('keeps a finished video finished: a late processing answer or event does not undo it', async () => {
    const { api, svc, media } = service;
    const ada = nextId();
    const video = reelVideo(media, ada);
    await videoProcessed(svc, video.facts);
    // Media's answer was "processing" (it answered before it finished); the projection already knows better.
    const reel = await createReelOf(api, ada, video);
    expect(reel.state).toBe('ready');
  });

  it("follows the author's profile audience: friends only, only me, and everyone again", async () => {
    const { svc, media } = service;
    const [ada, friend, stranger] = [nextId(), nextId(), nextId()];
    const reel = await publishedReel(svc, media, ada);
    await befriend(svc, ada, friend);
    await setProfileVisibility(svc, ada, 'friends');
    expect(await feedIds(friend)).toContain(reel.id);
    expect(await feedIds(stranger)).not.toContain(reel.id);
    expectError(await getReel(stranger, reel.id), 404, t.notFound);
    expectError(await service.api.post(`/api/reels/${reel.id}/like`, stranger), 404, t.notFound);
    expectError(await service.api.get(`/api/reels/${reel.id}/comments`, stranger), 404, t.notFound);

    await setProfileVisibility(svc, ada, 'only_me');
    expect(await feedIds(friend)).not.toContain(reel.id);
    expect(await feedIds(ada)).toContain(reel.id);
    expectError(await getReel(friend, reel.id), 404, t.notFound);

    await setProfileVisibility(svc, ada, 'everyone');
    expect(await feedIds(stranger)).toContain(reel.id);
  });

  it("answers the feed newest first, paged by Link and X-Next-Cursor to the end, with the author's names from the snapshot", async () => {
    const { api, svc, media } = service;
    const ada = nextId();
    await registerMember(svc, ada, 'ada_pages');
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await createReelOf(api, ada, reelVideo(media, ada), `Reel ${i}`)).id);
    const newest = [...made].reverse();

    const first = await api.get('/api/reels?limit=2', ada);
    expect(first.statusCode).toBe(200);
    const firstPage = first.json<Reel[]>();
    expect(firstPage.map((r) => r.id)).toEqual(newest.slice(0, 2));
    expect(firstPage[0]).toMatchObject({ authorUsername: 'ada_pages', authorName: 'Ada Obi', caption: 'Reel 4' });
    expect(first.headers['x-next-cursor']).toBe(String(newest[1]));
    expect(first.headers.link).toBe(`</api/reels?cursor=${newest[1]}&limit=2>; rel="next"`);

    // Walk on from the cursor until the end; ada's five come first and in order.
    const seen: number[] = [];
    let cursor: string | undefined = '0';
    while (cursor !== undefined && seen.length < 5) {
      const res = await api.get(`/api/reels?cursor=${cursor}&limit=2`, ada);
      seen.push(...res.json<Reel[]>().map((r) => r.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
    }
    expect(seen.slice(0, 5)).toEqual(newest);
    const last = await api.get(`/api/reels?cursor=${Math.min(...made)}&limit=2`, ada);
    expect(last.json<Reel[]>().every((r) => r.id < Math.min(...made))).toBe(true);
  });

  it('refuses a bad cursor or limit, and answers 404 for a missing or malformed reel id', async () => {
    const { api } = service;
    const ada = nextId();
    expectError(await api.get('/api/reels?cursor=abc', ada), 400, t.cursorInvalid);
    expectError(await api.get('/api/reels?cursor=-1', ada), 400, t.cursorInvalid);
    expectError(await api.get('/api/reels?limit=0', ada), 400, t.limitInvalid);
    expectError(await api.get(`/api/reels?limit=${reelLimits.maxPageSize + 1}`, ada), 400, t.limitInvalid);
    for (const id of ['999999999', 'abc', '0', '-3']) {
      expectError(await getReel(ada, id as unknown as number), 404, t.notFound);
      expectError(await api.delete(`/api/reels/${id}`, ada), 404, t.notFound);
      expectError(await api.post(`/api/reels/${id}/like`, ada), 404, t.notFound);
    }
  });

  it('lets the author alone delete a reel: gone from every feed and route, announced, its video still taken', async () => {
    const { api, svc, media } = service;
    const [ada, bola] = [nextId(), nextId()];
    const video = reelVideo(media, ada);
    const reel = await createReelOf(api, ada, video);
    await videoProcessed(svc, video.facts);
    expectError(await api.delete(`/api/reels/${reel.id}`, bola), 403, t.onlyAuthorDeletes);
    // A reel the other member may not see is not theirs to learn about.
    await setProfileVisibility(svc, ada, 'only_me');
    expectError(await api.delete(`/api/reels/${reel.id}`, bola), 404, t.notFound);

    const res = await api.delete(`/api/reels/${reel.id}`, ada);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await feedIds(ada)).not.toContain(reel.id);
    expectError(await getReel(ada, reel.id), 404, t.notFound);
    expectError(await api.post(`/api/reels/${reel.id}/like`, ada), 404, t.notFound);
    expectError(await api.delete(`/api/reels/${reel.id}`, ada), 404, t.notFound);
    expect((await reelEvents(svc, reel.id, 'reel.deleted')).map((e) => e.payload)).toEqual([{ reelId: reel.id, authorId: ada }]);
    expectError(await api.post('/api/reels', ada, { videoUrl: video.url }), 409, t.videoUsed);
    expect(await countsOf(svc, reel.id)).toEqual({ likes: [0, 0], shares: [0, 0], comments: [0, 0] });
  });
});
