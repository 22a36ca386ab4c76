import type { StoryGroup } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { nextPosition, previousPosition, validPosition } from './story-position';

function group(userId: number, count: number): StoryGroup {
  const stories = Array.from({ length: count }, (_, index) => ({
    id: userId * 100 + index,
    url: `/uploads/images/${userId}-${index}.webp`,
    type: 'image' as const,
    createdAt: '2026-11-26T08:00:00.000Z',
    expiresAt: '2026-11-27T08:00:00.000Z',
    userId,
    state: 'ready' as const,
    posterUrl: null,
    error: null,
    seen: false,
    viewCount: null,
  }));
  return { userId, username: `u${userId}`, name: `U ${userId}`, avatar: '', hasUnseen: true, stories };
}

const groups = [group(1, 2), group(2, 1), group(3, 3)];

describe('nextPosition', () => {
  it('moves through a group, then to the next member, and ends after the last story', () => {
    expect(nextPosition(groups, { group: 0, story: 0 })).toEqual({ group: 0, story: 1 });
    expect(nextPosition(groups, { group: 0, story: 1 })).toEqual({ group: 1, story: 0 });
    expect(nextPosition(groups, { group: 1, story: 0 })).toEqual({ group: 2, story: 0 });
    expect(nextPosition(groups, { group: 2, story: 2 })).toBeNull();
  });

  it('skips a group left empty', () => {
    expect(nextPosition([group(1, 1), group(2, 0), group(3, 1)], { group: 0, story: 0 })).toEqual({ group: 2, story: 0 });
  });
});

describe('previousPosition', () => {
  it('steps back in the group, then to the previous member, and stays at the very first', () => {
    expect(previousPosition(groups, { group: 2, story: 2 })).toEqual({ group: 2, story: 1 });
    expect(previousPosition(groups, { group: 2, story: 0 })).toEqual({ group: 1, story: 0 });
    expect(previousPosition(groups, { group: 0, story: 0 })).toEqual({ group: 0, story: 0 });
  });
});

describe('validPosition', () => {
  it('keeps a position inside the groups after a story is removed', () => {
    expect(validPosition([group(1, 1)], { group: 0, story: 1 })).toEqual({ group: 0, story: 0 });
    expect(validPosition([group(1, 0)], { group: 0, story: 0 })).toBeNull();
    expect(validPosition([], { group: 0, story: 0 })).toBeNull();
  });
});
