/**
 * Likes, shares and comments of reels (decision 022): each counted in the transaction that adds or
 * removes its row (tested with many at once), each announced, only on a reel the caller may see
 * and that is published.
 */
import { reelLimits, reelTexts as t, type ReelComment } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { countsOf, createReelOf, publishedReel, reelEvents, reelVideo, useReelsService } from '../reels/test-support.js';
import { expectError, memberIds, registerMember, setProfileVisibility } from '../test-support.js';

describe(`reel likes, shares and comments (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useReelsService();
  const nextId = memberIds();
  const like = (reelId: number, userId: number) => service.api.post(`/api/reels/${reelId}/like`, userId);
  const share = (reelId: number, userId: number) => service.api.post(`/api/reels/${reelId}/share`, userId);
  const comment = (reelId: number, userId: number, content: unknown) =>
    service.api.post(`/api/reels/${reelId}/comments`, userId, { content });

  it('toggles a like, shows it as hasLiked to the liker alone, and announces each change', async () => {
    const { api, svc, media } = service;
    const [ada, bola] = [nextId(), nextId()];
    const reel = await publishedReel(svc, media, ada);
    expect((await like(reel.id, bola)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await api.get(`/api/reels/${reel.id}`, bola)).json()).toMatchObject({ likeCount: 1, hasLiked: true });
    expect((await api.get(`/api/reels/${reel.id}`, ada)).json()).toMatchObject({ likeCount: 1, hasLiked: false });
    // Liking your own reel counts (nobody is notified of it: the notifications service skips it).
    expect((await like(reel.id, ada)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await like(reel.id, bola)).json()).toEqual({ liked: false, likeCount: 1 });
    const events = await reelEvents(svc, reel.id);
    expect(events.filter((e) => e.type !== 'reel.created').map((e) => [e.type, e.payload])).toEqual([
      ['reel.liked', { reelId: reel.id, authorId: ada, actorId: bola }],
      ['reel.liked', { reelId: reel.id, authorId: ada, actorId: ada }],
      ['reel.unliked', { reelId: reel.id, authorId: ada, actorId: bola }],
    ]);
    expect(await countsOf(svc, reel.id)).toMatchObject({ likes: [1, 1] });
  });

  it('counts 30 members liking at once, and one member toggling many times at once, exactly', async () => {
    const { svc, media } = service;
    const ada = nextId();
    const reel = await publishedReel(svc, media, ada);
    const likers = Array.from({ length: 30 }, () => nextId());
    const answers = await Promise.all(likers.map((who) => like(reel.id, who)));
    expect(answers.every((r) => r.statusCode === 200 && r.json().liked === true)).toBe(true);
    expect(answers.map((r) => r.json().likeCount as number).sort((a, b) => a - b)).toEqual(likers.map((_, i) => i + 1));
    expect(await countsOf(svc, reel.id)).toMatchObject({ likes: [30, 30] });

    // One member's toggles racing each other: whatever the order, the count equals the rows.
    const bola = nextId();
    await Promise.all(Array.from({ length: 9 }, () => like(reel.id, bola)));
    const counts = await countsOf(svc, reel.id);
    expect(counts.likes[0]).toBe(counts.likes[1]);
    expect([30, 31]).toContain(counts.likes[0]);
    const liked = (await reelEvents(svc, reel.id)).filter((e) => e.payload.actorId === bola);
    const net = liked.filter((e) => e.type === 'reel.liked').length - liked.filter((e) => e.type === 'reel.unliked').length;
    expect(net).toBe(counts.likes[0]! - 30);
  });

  it('shares once per member, even twice at once; only the first share is announced', async () => {
    const { svc, media } = service;
    const [ada, bola, chidi] = [nextId(), nextId(), nextId()];
    const reel = await publishedReel(svc, media, ada);
    const [first, second] = await Promise.all([share(reel.id, bola), share(reel.id, bola)]);
    expect([first?.json(), second?.json()]).toEqual([
      { shared: true, shareCount: 1 },
      { shared: true, shareCount: 1 },
    ]);
    expect((await share(reel.id, bola)).json()).toEqual({ shared: true, shareCount: 1 });
    expect((await share(reel.id, chidi)).json()).toEqual({ shared: true, shareCount: 2 });
    expect((await reelEvents(svc, reel.id, 'reel.shared')).map((e) => e.payload)).toEqual([
      { reelId: reel.id, authorId: ada, actorId: bola },
      { reelId: reel.id, authorId: ada, actorId: chidi },
    ]);
    expect(await countsOf(svc, reel.id)).toMatchObject({ shares: [2, 2] });
  });

  it('adds a trimmed comment with its writer, lists comments oldest first paged to the end, and announces an excerpt', async () => {
    const { api, svc, media } = service;
    const [ada, bola] = [nextId(), nextId()];
    await registerMember(svc, bola, 'bola');
    const reel = await publishedReel(svc, media, ada);
    const res = await comment(reel.id, bola, '  Beautiful!  ');
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json<ReelComment>();
    expect(first).toMatchObject({ username: 'bola', content: 'Beautiful!', userId: bola, name: 'Ada Obi', avatar: expect.any(String) });
    const long = `${'Lagos '.repeat(40)}\n\nat dusk`;
    const second = (await comment(reel.id, ada, long)).json<ReelComment>();
    for (let i = 0; i < 3; i++) await comment(reel.id, bola, `More ${i}`);

    const page = await api.get(`/api/reels/${reel.id}/comments?limit=2`, ada);
    expect(page.json<ReelComment[]>().map((c) => c.id)).toEqual([first.id, second.id]);
    expect(page.headers['x-next-cursor']).toBe(String(second.id));
    expect(page.headers.link).toBe(`</api/reels/${reel.id}/comments?cursor=${second.id}&limit=2>; rel="next"`);
    const rest = await api.get(`/api/reels/${reel.id}/comments?cursor=${second.id}&limit=3`, bola);
    expect(rest.json<ReelComment[]>().map((c) => c.content)).toEqual(['More 0', 'More 1', 'More 2']);
    expect(rest.headers['x-next-cursor']).toBeUndefined();

    const events = await reelEvents(svc, reel.id, 'reel.commented');
    expect(events[0]?.payload).toEqual({ reelId: reel.id, authorId: ada, actorId: bola, commentId: first.id, excerpt: 'Beautiful!' });
    const excerpt = events[1]?.payload.excerpt as string;
    expect([...excerpt]).toHaveLength(100);
    expect(excerpt.endsWith('…') && !excerpt.includes('\n')).toBe(true);
    expect((await api.get(`/api/reels/${reel.id}`, bola)).json()).toMatchObject({ commentCount: 5 });
    expect(await countsOf(svc, reel.id)).toMatchObject({ comments: [5, 5] });
  });

  it('counts comments written at once exactly', async () => {
    const { svc, media } = service;
    const reel = await publishedReel(svc, media, nextId());
    await Promise.all(Array.from({ length: 20 }, (_, i) => comment(reel.id, nextId(), `Nice ${i}`)));
    expect(await countsOf(svc, reel.id)).toMatchObject({ comments: [20, 20] });
  });

  it('refuses a blank or too long comment, and a bad comments cursor', async () => {
    const { api, svc, media } = service;
    const ada = nextId();
    const reel = await publishedReel(svc, media, ada);
    expectError(await comment(reel.id, ada, '   '), 400, t.commentRequired);
    expectError(await comment(reel.id, ada, undefined), 400, t.commentRequired);
    expectError(await comment(reel.id, ada, 'x'.repeat(reelLimits.maxCommentLength + 1)), 400, t.commentTooLong);
    expectError(await api.get(`/api/reels/${reel.id}/comments?cursor=x`, ada), 400, t.cursorInvalid);
    expect(await countsOf(svc, reel.id)).toMatchObject({ comments: [0, 0] });
  });

  it("takes no like, share or comment on a reel not published yet (its author's) nor one the caller may not see", async () => {
    const { api, svc, media } = service;
    const [ada, bola] = [nextId(), nextId()];
    const processing = await createReelOf(api, ada, reelVideo(media, ada));
    for (const res of [await like(processing.id, ada), await share(processing.id, ada), await comment(processing.id, ada, 'Hi')]) {
      expectError(res, 409, t.notPublished);
    }
    for (const res of [await like(processing.id, bola), await share(processing.id, bola), await comment(processing.id, bola, 'Hi')]) {
      expectError(res, 404, t.notFound);
    }
    expectError(await api.get(`/api/reels/${processing.id}/comments`, bola), 404, t.notFound);
    expect((await api.get(`/api/reels/${processing.id}/comments`, ada)).json()).toEqual([]);

    const hidden = await publishedReel(svc, media, ada);
    await setProfileVisibility(svc, ada, 'only_me');
    for (const res of [await like(hidden.id, bola), await share(hidden.id, bola), await comment(hidden.id, bola, 'Hi')]) {
      expectError(res, 404, t.notFound);
    }
    expect(await countsOf(svc, hidden.id)).toEqual({ likes: [0, 0], shares: [0, 0], comments: [0, 0] });
  });
});
