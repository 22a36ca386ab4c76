/**
 * Reading stories: the strip (own group first with every state, then friends' ready stories by
 * their owners' privacy, unseen first), seen marks (once per viewer, also when many arrive at
 * once), the owner's viewers list, deleting, and expiry by the service clock, for every role:
 * anonymous, owner, friend, stranger, and a friend of a member whose profile is only_me.
 */
import { storyLimits, storyTexts as t, unknownMember, type StoryViewer } from '@kora/contracts';
import { outboxEvents } from '@kora/testing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  befriend,
  expectError,
  memberIds,
  registerMember,
  setProfileVisibility,
  useStoriesReelsService,
  videoFailed,
  videoProcessed,
} from '../test-support.js';
import { storiesClient, storyVideo, useMediaStub } from '../stories/test-support.js';

describe(`reading stories (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const stub = useMediaStub();
  const service = useStoriesReelsService(() => ({ media: stub.media.url }));
  const nextId = memberIds();
  const api = () => storiesClient(service.svc);

  /** An owner with a friend, and a stranger (no friendship). */
  async function cast() {
    const [owner, friend, stranger] = [nextId(), nextId(), nextId()];
    await befriend(service.svc, owner, friend);
    return { owner, friend, stranger };
  }

  it('refuses anonymous callers on every route', async () => {
    expect((await api().get('/api/stories', null)).statusCode).toBe(401);
    expect((await api().post('/api/stories/1/view', null)).statusCode).toBe(401);
    expect((await api().get('/api/stories/1/viewers', null)).statusCode).toBe(401);
    expect((await api().delete('/api/stories/1', null)).statusCode).toBe(401);
  });

  it('shows the owner every live story of theirs, and friends only the ready ones; strangers none', async () => {
    const { svc } = service;
    const { owner, friend, stranger } = await cast();
    await registerMember(svc, owner, 'adaeze');
    const image = await api().postImage(owner);
    const ready = await api().postVideo(owner);
    const processing = await api().postVideo(owner);
    const failed = await api().postVideo(owner);
    await videoProcessed(svc, await storyVideo(svc, ready, owner));
    await videoFailed(svc, await storyVideo(svc, failed, owner), t.videoTooLong);

    const [mine, ...others] = await api().strip(owner);
    expect(others).toEqual([]);
    expect(mine).toMatchObject({
      userId: owner,
      username: 'adaeze',
      name: 'Ada Obi',
      avatar: `/uploads/profile/${owner}.webp`,
      hasUnseen: false,
    });
    expect(mine!.stories.map((s) => [s.id, s.state, s.error, s.seen, s.viewCount])).toEqual([
      [image.id, 'ready', null, true, 0],
      [ready.id, 'ready', null, true, 0],
      [processing.id, 'processing', null, true, 0],
      [failed.id, 'failed', t.videoTooLong, true, 0],
    ]);
    expect(mine!.stories[1]!.posterUrl).toBe(ready.url.replace(/\.mp4$/, '-poster.jpg'));

    const [theirs, ...more] = await api().strip(friend);
    expect(more).toEqual([]);
    expect(theirs).toMatchObject({ userId: owner, username: 'adaeze', hasUnseen: true });
    expect(theirs!.stories.map((s) => [s.id, s.state, s.seen, s.viewCount])).toEqual([
      [image.id, 'ready', false, null],
      [ready.id, 'ready', false, null],
    ]);
    expect(await api().strip(stranger)).toEqual([]);
  });

  it('shows a video story to friends once media has processed it', async () => {
    const { svc } = service;
    const { owner, friend } = await cast();
    const video = await api().postVideo(owner);
    expect(await api().strip(friend)).toEqual([]);
    expectError(await api().post(`/api/stories/${video.id}/view`, friend), 404, t.notFound);
    await videoProcessed(svc, await storyVideo(svc, video, owner));
    expect((await api().strip(friend))[0]?.stories.map((s) => s.id)).toEqual([video.id]);
  });

  it("follows the owner's profile visibility: friends see friends-only stories, nobody else sees only_me ones", async () => {
    const { svc } = service;
    const { owner, friend, stranger } = await cast();
    const story = await api().postImage(owner);
    await setProfileVisibility(svc, owner, 'friends');
    expect((await api().strip(friend)).map((g) => g.userId)).toEqual([owner]);
    await setProfileVisibility(svc, owner, 'everyone');
    expect(await api().strip(stranger)).toEqual([]); // stories are for friends, whatever the profile says
    await setProfileVisibility(svc, owner, 'only_me');
    expect(await api().strip(friend)).toEqual([]);
    expectError(await api().post(`/api/stories/${story.id}/view`, friend), 404, t.notFound);
    expect((await api().strip(owner))[0]?.stories.map((s) => s.id)).toEqual([story.id]);
  });

  it('puts groups with unseen stories first, each part most recent first; stories play oldest first', async () => {
    const { svc } = service;
    const viewer = nextId();
    const [early, late] = [nextId(), nextId()];
    await befriend(svc, viewer, early);
    await befriend(svc, viewer, late);
    const e1 = await api().postImage(early);
    svc.clock.advance(60_000);
    const l1 = await api().postImage(late);
    svc.clock.advance(60_000);
    const l2 = await api().postImage(late);

    let strip = await api().strip(viewer);
    expect(strip.map((g) => [g.userId, g.hasUnseen])).toEqual([
      [late, true],
      [early, true],
    ]);
    expect(strip[0]!.stories.map((s) => s.id)).toEqual([l1.id, l2.id]);

    await api().view(viewer, l1.id);
    strip = await api().strip(viewer);
    expect(strip.map((g) => [g.userId, g.hasUnseen])).toEqual([
      [late, true],
      [early, true],
    ]);
    expect(strip[0]!.stories.map((s) => s.seen)).toEqual([true, false]);

    await api().view(viewer, l2.id);
    strip = await api().strip(viewer);
    expect(strip.map((g) => [g.userId, g.hasUnseen])).toEqual([
      [early, true],
      [late, false],
    ]);
    expect(strip[0]!.stories.map((s) => s.id)).toEqual([e1.id]);
  });

  it('puts the caller’s own group first, before any friend’s', async () => {
    const { svc } = service;
    const { owner, friend } = await cast();
    await api().postImage(friend);
    svc.clock.advance(1_000);
    await api().postImage(owner);
    svc.clock.advance(1_000);
    await api().postImage(friend);
    expect((await api().strip(owner)).map((g) => g.userId)).toEqual([owner, friend]);
    expect((await api().strip(friend)).map((g) => g.userId)).toEqual([friend, owner]);
  });

  it('records a view once per viewer, also when many arrive at once, and never the owner’s own', async () => {
    const { svc } = service;
    const { owner, friend, stranger } = await cast();
    const story = await api().postImage(owner);
    const answers = await Promise.all(Array.from({ length: 12 }, () => api().post(`/api/stories/${story.id}/view`, friend)));
    for (const res of answers) expect(api().ok(res)).toEqual({ seen: true });
    expect(api().ok(await api().post(`/api/stories/${story.id}/view`, owner))).toEqual({ seen: true });
    const views = await svc.ctx.db.select().from(svc.tables.storyViews).where(eq(svc.tables.storyViews.storyId, story.id));
    expect(views.map((v) => v.viewerId)).toEqual([friend]);
    expect((await api().strip(owner))[0]!.stories[0]!.viewCount).toBe(1);

    expectError(await api().post(`/api/stories/${story.id}/view`, stranger), 404, t.notFound);
    expectError(await api().post('/api/stories/999999999999/view', friend), 404, t.notFound);
    expectError(await api().post('/api/stories/abc/view', friend), 404, t.notFound);
    // A client that sends `Content-Type: application/json` with no body is fine.
    const bare = await svc.app.inject({
      method: 'POST',
      url: `/api/stories/${story.id}/view`,
      headers: { ...svc.as({ userId: friend }), 'content-type': 'application/json' },
    });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('lists the viewers to the owner only, most recent first, a page at a time', async () => {
    const { svc } = service;
    const owner = nextId();
    const viewers = [nextId(), nextId(), nextId()];
    for (const v of viewers) await befriend(svc, owner, v);
    await registerMember(svc, viewers[0]!, 'bola');
    const story = await api().postImage(owner);
    for (const v of viewers) {
      svc.clock.advance(1_000);
      await api().view(v, story.id);
    }
    const seen: StoryViewer[] = [];
    let url: string | null = `/api/stories/${story.id}/viewers?limit=2`;
    let pages = 0;
    while (url) {
      const res = await api().get(url, owner);
      seen.push(...api().ok<StoryViewer[]>(res));
      const link = res.headers.link as string | undefined;
      url = link ? (/<([^>]+)>/.exec(link)?.[1] ?? null) : null;
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen.map((v) => v.userId)).toEqual([...viewers].reverse());
    expect(seen[2]).toMatchObject({ username: 'bola', name: 'Ada Obi', avatar: `/uploads/profile/${viewers[0]}.webp` });
    expect(seen[0]).toMatchObject({ username: unknownMember(viewers[2]!).username }); // not known to the snapshot yet
    expect(Date.parse(seen[0]!.viewedAt)).toBeGreaterThan(Date.parse(seen[1]!.viewedAt));

    expectError(await api().get(`/api/stories/${story.id}/viewers`, viewers[0]!), 403, t.onlyOwnerViewers);
    expectError(await api().get(`/api/stories/${story.id}/viewers`, nextId()), 404, t.notFound);
    expectError(await api().get(`/api/stories/${story.id}/viewers?cursor=bm9wZQ`, owner), 400, t.cursorInvalid);
    expectError(
      await api().get(
        `/api/stories/${story.id}/viewers?cursor=${Buffer.from('2025-02-30T00:00:00.000000Z|5').toString('base64url')}`,
        owner,
      ),
      400,
      t.cursorInvalid,
    );
    expect((await api().get(`/api/stories/${story.id}/viewers?limit=${storyLimits.viewersPageSize + 1}`, owner)).statusCode).toBe(400);
  });

  it('lets the owner delete a story (again harmlessly); friends are refused, strangers told it is not there', async () => {
    const { svc } = service;
    const { owner, friend, stranger } = await cast();
    const story = await api().postImage(owner);
    expectError(await api().delete(`/api/stories/${story.id}`, friend), 403, t.onlyOwnerDeletes);
    expectError(await api().delete(`/api/stories/${story.id}`, stranger), 404, t.notFound);
    expect((await api().delete(`/api/stories/${story.id}`, owner)).statusCode).toBe(204);
    expect((await api().delete(`/api/stories/${story.id}`, owner)).statusCode).toBe(204);
    const events = (await outboxEvents(svc, 'story.deleted')).filter((e) => e.payload.storyId === story.id);
    expect(events).toEqual([
      expect.objectContaining({ key: String(story.id), actorId: owner, payload: { storyId: story.id, userId: owner } }),
    ]);
    expect(await api().strip(owner)).toEqual([]);
    expect(await api().strip(friend)).toEqual([]);
    expectError(await api().post(`/api/stories/${story.id}/view`, friend), 404, t.notFound);
    expectError(await api().delete(`/api/stories/${story.id}`, friend), 404, t.notFound);
    expectError(await api().delete('/api/stories/999999999999', owner), 404, t.notFound);
  });

  // Last: it moves the file's clock a day on.
  it('serves a story until 24 hours after it was posted, by the service clock, never after', async () => {
    const { svc } = service;
    const { owner, friend } = await cast();
    const story = await api().postImage(owner);
    await api().view(friend, story.id);
    svc.clock.advance(storyLimits.lifetimeMs - 1);
    expect((await api().strip(friend))[0]?.stories.map((s) => s.id)).toEqual([story.id]);
    svc.clock.advance(1);
    expect(await api().strip(owner)).toEqual([]);
    expect(await api().strip(friend)).toEqual([]);
    expectError(await api().post(`/api/stories/${story.id}/view`, friend), 404, t.notFound);
    expectError(await api().get(`/api/stories/${story.id}/viewers`, owner), 404, t.notFound);
    // The row is still there (the purge job removes it): expiry is decided on read.
    const s = svc.tables.stories;
    expect(
      await svc.ctx.db
        .select({ id: s.id })
        .from(s)
        .where(and(eq(s.id, story.id))),
    ).toHaveLength(1);
    // A story posted now lives its own 24 hours.
    const fresh = await api().postImage(owner);
    expect((await api().strip(friend))[0]?.stories.map((x) => x.id)).toEqual([fresh.id]);
  });
});
