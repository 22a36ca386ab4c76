import { describe, expect, it } from 'vitest';
import { hasProcessingVideo, mergeSnapshot, postReducer, toggledLike } from './post-state';
import { makeComment, makePost } from './test-post';

describe('toggledLike (optimistic like)', () => {
  it('likes and unlikes with the count following, never below zero', () => {
    expect(toggledLike({ hasLiked: false, likeCount: 4 })).toEqual({ hasLiked: true, likeCount: 5 });
    expect(toggledLike({ hasLiked: true, likeCount: 5 })).toEqual({ hasLiked: false, likeCount: 4 });
    expect(toggledLike({ hasLiked: true, likeCount: 0 })).toEqual({ hasLiked: false, likeCount: 0 });
  });
});

describe('postReducer', () => {
  it('takes the server answer of a like, and the previous state back after a failure', () => {
    const post = makePost(1, { likeCount: 2 });
    const optimistic = postReducer(post, { type: 'like', like: toggledLike(post) });
    expect(optimistic).toMatchObject({ hasLiked: true, likeCount: 3 });
    // Someone else liked meanwhile: the server's count wins.
    expect(postReducer(optimistic, { type: 'like', like: { hasLiked: true, likeCount: 4 } })).toMatchObject({ likeCount: 4 });
    expect(postReducer(optimistic, { type: 'like', like: { hasLiked: false, likeCount: 2 } })).toMatchObject({
      hasLiked: false,
      likeCount: 2,
    });
  });

  it('appends a new comment once and counts it', () => {
    const post = makePost(1, { comments: [makeComment(1)], commentCount: 1 });
    const after = postReducer(post, { type: 'commented', comment: makeComment(2) });
    expect(after.comments.map((c) => c.id)).toEqual([1, 2]);
    expect(after.commentCount).toBe(2);
    expect(postReducer(after, { type: 'commented', comment: makeComment(2) })).toBe(after);
  });

  it('marks a share with the count the server answered, and toggles saved', () => {
    const shared = postReducer(makePost(1, { shareCount: 3 }), { type: 'shared', shareCount: 4 });
    expect(shared).toMatchObject({ hasShared: true, shareCount: 4 });
    expect(postReducer(shared, { type: 'saved', saved: true }).hasSaved).toBe(true);
  });
});

describe('mergeSnapshot', () => {
  it('takes the fresh copy but keeps the longer comment list already loaded', () => {
    const full = makePost(1, { comments: [1, 2, 3].map((id) => makeComment(id)), commentCount: 3, likeCount: 1 });
    const fromList = makePost(1, { comments: [makeComment(1), makeComment(2)], commentCount: 3, likeCount: 2 });
    const merged = mergeSnapshot(full, fromList);
    expect(merged.likeCount).toBe(2);
    expect(merged.comments).toHaveLength(3);
    const longer = makePost(1, { comments: [1, 2, 3, 4].map((id) => makeComment(id)), commentCount: 4 });
    expect(mergeSnapshot(full, longer).comments).toHaveLength(4);
  });
});

describe('hasProcessingVideo', () => {
  it('is true while any video is processing', () => {
    const video = (status: 'processing' | 'ready' | 'failed') => ({
      url: '/uploads/videos/a.mp4',
      status,
      posterUrl: null,
      durationSeconds: null,
      error: null,
    });
    expect(hasProcessingVideo({ videoDetails: [] })).toBe(false);
    expect(hasProcessingVideo({ videoDetails: [video('ready'), video('processing')] })).toBe(true);
    expect(hasProcessingVideo({ videoDetails: [video('ready'), video('failed')] })).toBe(false);
  });
});
