import type { Reel } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { appendReels, nearEnd, preloadFor, startingWith, stepTo, withLike } from './reel-feed-state';

function reel(id: number, over: Partial<Reel> = {}): Reel {
  return {
    id,
    videoUrl: `/uploads/videos/${id}.mp4`,
    caption: '',
    authorUsername: 'ada',
    likeCount: 0,
    commentCount: 0,
    shareCount: 0,
    hasLiked: false,
    authorId: 1,
    authorName: 'Ada',
    authorAvatar: '',
    posterUrl: null,
    durationSeconds: 5,
    width: 720,
    height: 1280,
    state: 'ready',
    error: null,
    createdAt: '2026-11-26T08:00:00.000Z',
    ...over,
  };
}

describe('the reels feed rules', () => {
  it('appends a page without repeating reels', () => {
    expect(appendReels([reel(3), reel(2)], [reel(2), reel(1)]).map((item) => item.id)).toEqual([3, 2, 1]);
  });

  it('preloads the playing reel and the next one only', () => {
    expect([0, 1, 2, 3].map((index) => preloadFor(index, 1))).toEqual(['metadata', 'auto', 'auto', 'metadata']);
  });

  it("applies the server's like answer", () => {
    expect(withLike(reel(1, { likeCount: 4 }), { liked: true, likeCount: 5 })).toMatchObject({ hasLiked: true, likeCount: 5 });
    expect(withLike(reel(1, { likeCount: 5, hasLiked: true }), { liked: false, likeCount: 4 })).toMatchObject({
      hasLiked: false,
      likeCount: 4,
    });
  });

  it('moves within the list', () => {
    expect(stepTo(0, -1, 3)).toBe(0);
    expect(stepTo(1, 1, 3)).toBe(2);
    expect(stepTo(2, 1, 3)).toBe(2);
  });

  it('loads more near the end', () => {
    expect(nearEnd(7, 10)).toBe(false);
    expect(nearEnd(8, 10)).toBe(true);
  });

  it('opens the feed at a given reel', () => {
    expect(startingWith(reel(5), [reel(9), reel(5), reel(4)]).map((item) => item.id)).toEqual([5, 9, 4]);
  });
});
