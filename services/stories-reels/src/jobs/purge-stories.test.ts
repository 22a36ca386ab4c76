/**
 * The purge of expired and deleted stories: media is asked to remove their files (a video's with
 * its poster), then the rows go (their views with them); live stories stay; a media failure keeps
 * the rows for the next run; and the repeatable job does it on its own schedule.
 */
import { storyLimits } from '@kora/contracts';
import { eventually } from '@kora/testing';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStoriesReels } from '../context.js';
import { storiesClient, storyVideo, useMediaStub } from '../stories/test-support.js';
import { befriend, memberIds, useStoriesReelsService, videoProcessed } from '../test-support.js';
import { purgeStories } from './purge-stories.js';

describe(`purging stories (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const stub = useMediaStub();
  // A short period, so the scheduled run is seen within a test.
  const service = useStoriesReelsService(() => ({ media: stub.media.url, purgeEveryMs: 300 }));
  const nextId = memberIds();
  const api = () => storiesClient(service.svc);
  /** The instance as the job sees it, on the test's clock. */
  const instance = () => createStoriesReels(service.svc.ctx, { now: service.svc.clock.now });
  const storyIds = async (ids: number[]) =>
    (
      await service.svc.ctx.db
        .select({ id: service.svc.tables.stories.id })
        .from(service.svc.tables.stories)
        .where(inArray(service.svc.tables.stories.id, ids))
    ).map((r) => r.id);

  it("removes expired and deleted stories' files, then their rows and views; keeps live ones; retries after a media failure", async () => {
    const { svc } = service;
    const [owner, friend] = [nextId(), nextId()];
    await befriend(svc, owner, friend);
    // Media failing from the start, so the scheduled run cannot take these stories before the failure is seen.
    stub.media.failRemovals = true;
    const expiring = await api().postImage(owner);
    const video = await api().postVideo(owner);
    await videoProcessed(svc, await storyVideo(svc, video, owner));
    await api().view(friend, expiring.id);
    const deleted = await api().postImage(owner);
    expect((await api().delete(`/api/stories/${deleted.id}`, owner)).statusCode).toBe(204);
    svc.clock.advance(storyLimits.lifetimeMs / 2);
    const live = await api().postImage(owner);
    svc.clock.advance(storyLimits.lifetimeMs / 2);

    // Counted from here: a refused removal is not recorded, and once media works again the scheduled
    // run may remove some or all of these before the call below (removing twice is harmless).
    const removalsBefore = stub.media.removals.length;
    // Media failing: nothing is deleted, the run fails (the job retries, the next run tries again).
    try {
      await expect(purgeStories(instance(), 2)).rejects.toThrow();
      expect(await storyIds([expiring.id, video.id, deleted.id, live.id])).toHaveLength(4);
    } finally {
      stub.media.failRemovals = false;
    }

    await purgeStories(instance(), 2);
    expect(await storyIds([expiring.id, video.id, deleted.id, live.id])).toEqual([live.id]);
    const removed = stub.media.removals.slice(removalsBefore).flat();
    expect(removed).toEqual(expect.arrayContaining([expiring.url, video.url, video.url.replace(/\.mp4$/, '-poster.jpg'), deleted.url]));
    expect(removed).not.toContain(live.url);
    expect(await svc.ctx.db.select().from(svc.tables.storyViews).where(eq(svc.tables.storyViews.storyId, expiring.id))).toEqual([]);
    expect(await purgeStories(instance(), 2)).toBe(0);
  });

  it('runs on its schedule', async () => {
    const owner = nextId();
    const story = await api().postImage(owner);
    expect((await api().delete(`/api/stories/${story.id}`, owner)).statusCode).toBe(204);
    await eventually(async () => (await storyIds([story.id])).length === 0);
    expect(stub.media.removals.flat()).toContain(story.url);
  });
});
