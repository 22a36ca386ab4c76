import { describe, expect, it } from 'vitest';
import { mergePosts, nextCursor, shouldAutoLoad, visiblePosts } from './post-pages';
import { makePost } from './test-post';

const ids = (posts: { id: number }[]) => posts.map((post) => post.id);

describe('mergePosts', () => {
  it('keeps list order and the first copy of each post', () => {
    const fresh = makePost(2, { likeCount: 9 });
    const merged = mergePosts([makePost(3), fresh], [makePost(2), makePost(1)]);
    expect(ids(merged)).toEqual([3, 2, 1]);
    expect(merged[1]!.likeCount).toBe(9);
  });
});

describe('visiblePosts', () => {
  it('puts a new post on top without losing the one it pushed off the first page', () => {
    // The first page held 3..2 (page size 2) and page two 1; a new post 4 arrives on revalidation.
    const oldFirst = [makePost(3), makePost(2)];
    const older = mergePosts(oldFirst, [makePost(1)]);
    const newFirst = [makePost(4), makePost(3)];
    expect(ids(visiblePosts(newFirst, older, new Set()))).toEqual([4, 3, 2, 1]);
  });

  it('leaves out posts removed on this page', () => {
    expect(ids(visiblePosts([makePost(2), makePost(1)], [], new Set([2])))).toEqual([1]);
  });
});

describe('nextCursor', () => {
  it("follows the first page until more pages are loaded, then the last page's", () => {
    expect(nextCursor('c1', undefined)).toBe('c1');
    expect(nextCursor('c1', 'c2')).toBe('c2');
    expect(nextCursor('c1', null)).toBeNull();
  });
});

describe('shouldAutoLoad', () => {
  it('loads each cursor once by itself, never while busy or at the end', () => {
    expect(shouldAutoLoad('c1', null, false)).toBe(true);
    expect(shouldAutoLoad('c1', 'c1', false)).toBe(false);
    expect(shouldAutoLoad('c2', 'c1', false)).toBe(true);
    expect(shouldAutoLoad('c2', 'c1', true)).toBe(false);
    expect(shouldAutoLoad(null, 'c1', false)).toBe(false);
  });
});
