import type { CreatedStory, StoryGroup } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { ownVideoStatus } from './own-video-status';
import { addOwnStory, firstUnseenIndex, markSeen, withoutStory } from './story-groups';

const owner = { id: 1, username: 'ada', name: 'Ada Obi', avatar: '' };

function story(id: number, userId: number, over: Partial<StoryGroup['stories'][number]> = {}): StoryGroup['stories'][number] {
  return {
    id,
    url: `/uploads/images/${id}.webp`,
    type: 'image',
    createdAt: '2026-11-26T08:00:00.000Z',
    expiresAt: '2026-11-27T08:00:00.000Z',
    userId,
    state: 'ready',
    posterUrl: null,
    error: null,
    seen: false,
    viewCount: null,
    ...over,
  };
}

function group(userId: number, stories: StoryGroup['stories']): StoryGroup {
  return { userId, username: `u${userId}`, name: `U ${userId}`, avatar: '', hasUnseen: stories.some((item) => !item.seen), stories };
}

const created: CreatedStory = {
  id: 9,
  url: '/uploads/videos/9.mp4',
  type: 'video',
  state: 'processing',
  createdAt: '2026-11-26T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
};

describe('the Stories card list changes', () => {
  it("puts the member's group first with the new story last (the order a group plays in)", () => {
    const groups = [group(2, [story(5, 2)]), group(1, [story(4, 1, { seen: true })])];
    const next = addOwnStory(groups, owner, created);
    expect(next.map((item) => item.userId)).toEqual([1, 2]);
    expect(next[0]!.stories.map((item) => item.id)).toEqual([4, 9]);
    expect(next[0]!.stories[1]).toMatchObject({ userId: 1, state: 'processing', seen: true });
  });

  it('makes a group for a member who had none', () => {
    const next = addOwnStory([group(2, [story(5, 2)])], owner, created);
    expect(next[0]).toMatchObject({ userId: 1, username: 'ada', name: 'Ada Obi', hasUnseen: false });
  });

  it('turns a ring grey once its last unseen story is seen', () => {
    const groups = [group(2, [story(5, 2), story(6, 2)])];
    const once = markSeen(groups, 5);
    expect(once[0]!.hasUnseen).toBe(true);
    expect(markSeen(once, 6)[0]!.hasUnseen).toBe(false);
  });

  it('drops a deleted story and a group left empty', () => {
    const groups = [group(1, [story(4, 1)]), group(2, [story(5, 2), story(6, 2)])];
    expect(withoutStory(groups, 4).map((item) => item.userId)).toEqual([2]);
    expect(withoutStory(groups, 5)[1]!.stories.map((item) => item.id)).toEqual([6]);
  });

  it('starts a group at its first unseen story, else at its first', () => {
    expect(firstUnseenIndex(group(2, [story(5, 2, { seen: true }), story(6, 2)]))).toBe(1);
    expect(firstUnseenIndex(group(2, [story(5, 2, { seen: true })]))).toBe(0);
  });

  it("says when the member's own video is processing or failed", () => {
    expect(ownVideoStatus([group(1, [story(4, 1, { type: 'video', state: 'processing' })])], 1)).toEqual({ state: 'processing' });
    expect(
      ownVideoStatus([group(1, [story(4, 1, { type: 'video', state: 'failed', error: 'Story videos can be up to 60 seconds' })])], 1),
    ).toEqual({
      state: 'failed',
      reason: 'Story videos can be up to 60 seconds',
    });
    expect(ownVideoStatus([group(2, [story(5, 2, { state: 'processing' })])], 1)).toBeNull();
  });
});
