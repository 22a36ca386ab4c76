/**
 * Posting a story: one file in `media` handed to media's internal upload API (as the story's
 * owner, purpose story), media's refusals passed through, media down answered 503, the form's
 * mistakes in our words, the live-stories limit (also when uploads race for the last places), and
 * what it announces.
 */
import { storyLimits, storyTexts as t, type CreatedStory } from '@kora/contracts';
import { outboxEvents } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { expectError, memberIds, useStoriesReelsService } from '../test-support.js';
import { fakeMp4, fakePng, storiesClient, useMediaStub } from '../stories/test-support.js';

describe(`posting a story (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const stub = useMediaStub();
  const service = useStoriesReelsService(() => ({ media: stub.media.url }));
  const nextId = memberIds();
  const api = () => storiesClient(service.svc);

  it('refuses anonymous callers before reading the form', async () => {
    const before = stub.media.uploads.length;
    expect((await api().upload(null, [{ name: 'media', filename: 'a.png', data: fakePng() }])).statusCode).toBe(401);
    expect(stub.media.uploads.length).toBe(before);
  });

  it('stores a photo through media as the owner and answers it live for 24 hours, announced', async () => {
    const owner = nextId();
    const { svc } = service;
    const story = await api().postImage(owner);
    expect(story).toMatchObject({ type: 'image', state: 'ready', url: expect.stringMatching(/^\/uploads\/images\/\w+\.webp$/) });
    expect(story.createdAt).toBe(svc.clock.now().toISOString());
    expect(Date.parse(story.expiresAt) - Date.parse(story.createdAt)).toBe(storyLimits.lifetimeMs);
    const call = stub.media.uploads.at(-1)!;
    expect(call).toMatchObject({ purpose: 'story', uploaderId: String(owner), field: 'file', filename: 'sunset.png', bytes: 2048 });
    // A signed service call from this service.
    expect(JSON.parse(Buffer.from(call.caller!.split('.')[0]!, 'base64url').toString('utf8'))).toMatchObject({ service: 'stories-reels' });
    const events = (await outboxEvents(svc, 'story.created')).filter((e) => e.payload.storyId === story.id);
    expect(events).toEqual([
      expect.objectContaining({
        key: String(story.id),
        actorId: owner,
        payload: {
          storyId: story.id,
          userId: owner,
          type: 'image',
          url: story.url,
          createdAt: story.createdAt,
          expiresAt: story.expiresAt,
        },
      }),
    ]);
  });

  it('answers a video story as processing', async () => {
    const story: CreatedStory = await api().postVideo(nextId());
    expect(story).toMatchObject({ type: 'video', state: 'processing', url: expect.stringMatching(/^\/uploads\/videos\/\w+\.mp4$/) });
  });

  it("passes media's refusal on unchanged", async () => {
    const res = await api().upload(nextId(), [{ name: 'media', filename: 'notes.txt', contentType: 'text/plain', data: 'just words' }]);
    expectError(res, 415, 'Only photos and videos can be uploaded');
  });

  it('passes media\'s FEATURE_DISABLED on, and answers any other surprise 502 "Upload failed"', async () => {
    const post = () => api().upload(nextId(), [{ name: 'media', filename: 'a.png', data: fakePng() }]);
    try {
      stub.media.refuseUploads = { status: 404, message: 'Stories are turned off on this site.', code: 'FEATURE_DISABLED' };
      expectError(await post(), 404, 'Stories are turned off on this site.');
      stub.media.refuseUploads = { status: 404, message: 'Route not found', code: 'NOT_FOUND' };
      expectError(await post(), 502, t.uploadFailed);
      stub.media.refuseUploads = { status: 500, message: 'Internal error', code: 'INTERNAL' };
      expectError(await post(), 502, t.uploadFailed);
    } finally {
      stub.media.refuseUploads = null;
    }
  });

  it('refuses a form without the file, with another field, or with a second file, storing nothing', async () => {
    const who = nextId();
    const before = stub.media.uploads.length;
    expectError(await api().post('/api/stories', who, { url: '/uploads/images/x.webp' }), 400, t.fileRequired);
    expectError(await api().upload(who, [{ name: 'caption', data: 'hello' }]), 400, t.fileRequired);
    expectError(await api().upload(who, [{ name: 'photo', filename: 'a.png', data: fakePng() }]), 400, t.fileRequired);
    expectError(
      await api().upload(who, [
        { name: 'media', filename: 'a.png', data: fakePng() },
        { name: 'caption', data: 'hello' },
      ]),
      400,
      t.fileRequired,
    );
    expectError(
      await api().upload(who, [
        { name: 'media', filename: 'a.png', data: fakePng() },
        { name: 'media', filename: 'b.mp4', data: fakeMp4() },
      ]),
      400,
      t.oneFile,
    );
    expect(stub.media.uploads.length).toBe(before);
  });

  it("refuses a file over the site's upload size before media sees it", async () => {
    const before = stub.media.uploads.length;
    const maxMB = service.svc.ctx.siteSettings.current().storage.maxUploadMB;
    const res = await api().upload(nextId(), [{ name: 'media', filename: 'big.png', data: fakePng(maxMB * 1024 * 1024 + 1) }]);
    expectError(res, 413, `Each file can be at most ${maxMB} MB`);
    expect(stub.media.uploads.length).toBe(before);
  });

  it('answers 503 in the error shape while media is down, and records nothing', async () => {
    const who = nextId();
    stub.media.down = true;
    try {
      const res = await api().upload(who, [{ name: 'media', filename: 'a.png', data: fakePng() }]);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.any(String), message: expect.any(String) });
    } finally {
      stub.media.down = false;
    }
    expect(await api().strip(who)).toEqual([]);
  });

  it(`keeps a member to ${storyLimits.maxLivePerMember} live stories, even when uploads race for the last places`, async () => {
    const { svc } = service;
    const owner = nextId();
    const now = svc.clock.now();
    const expiresAt = new Date(now.getTime() + storyLimits.lifetimeMs);
    // Expired and deleted stories do not count.
    await svc.ctx.db.insert(svc.tables.stories).values([
      {
        userId: owner,
        url: `/uploads/images/old-${owner}.webp`,
        type: 'image',
        createdAt: new Date(now.getTime() - 2 * storyLimits.lifetimeMs),
        expiresAt: new Date(now.getTime() - storyLimits.lifetimeMs),
      },
      { userId: owner, url: `/uploads/images/gone-${owner}.webp`, type: 'image', createdAt: now, expiresAt, deletedAt: now },
      ...Array.from({ length: storyLimits.maxLivePerMember - 2 }, (_, i) => ({
        userId: owner,
        url: `/uploads/images/${owner}-${i}.webp`,
        type: 'image' as const,
        createdAt: now,
        expiresAt,
      })),
    ]);
    const removalsBefore = stub.media.removals.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api().upload(owner, [{ name: 'media', filename: 'a.png', data: fakePng() }])),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) expectError(res, 409, t.tooManyLive);
    expect((await api().strip(owner))[0]?.stories).toHaveLength(storyLimits.maxLivePerMember);
    // The files of uploads refused after media stored them were given back (those refused earlier never went).
    const refusedAfterStoring = stub.media.removals.slice(removalsBefore).flat();
    const stored = new Set((await svc.ctx.db.select().from(svc.tables.stories)).map((s) => s.url));
    for (const url of refusedAfterStoring) expect(stored.has(url)).toBe(false);
    expectError(await api().upload(owner, [{ name: 'media', filename: 'a.png', data: fakePng() }]), 409, t.tooManyLive);
  });
});
