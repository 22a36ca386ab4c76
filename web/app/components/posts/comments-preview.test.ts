import { describe, expect, it } from 'vitest';
import { commentsToggleLabel, needsFullComments, visibleComments } from './comments-preview';
import { makeComment } from './test-post';

const comments = [1, 2, 3, 4].map((id) => makeComment(id));

describe('visibleComments', () => {
  it('shows the first 2 until expanded', () => {
    expect(visibleComments(comments, false).map((c) => c.id)).toEqual([1, 2]);
    expect(visibleComments(comments, true)).toHaveLength(4);
    expect(visibleComments(comments.slice(0, 1), false)).toHaveLength(1);
  });
});

describe('commentsToggleLabel', () => {
  it('offers "View all N comments" beyond the preview and "Show fewer comments" when open', () => {
    expect(commentsToggleLabel(2, false)).toBeNull();
    expect(commentsToggleLabel(3, false)).toBe('View all 3 comments');
    expect(commentsToggleLabel(3, true)).toBe('Show fewer comments');
    expect(commentsToggleLabel(0, true)).toBeNull();
  });
});

describe('needsFullComments', () => {
  it('loads the whole post only when expanded and the list carried fewer comments than there are', () => {
    expect(needsFullComments({ comments: comments.slice(0, 2), commentCount: 60 }, true)).toBe(true);
    expect(needsFullComments({ comments: comments.slice(0, 2), commentCount: 60 }, false)).toBe(false);
    expect(needsFullComments({ comments, commentCount: 4 }, true)).toBe(false);
  });
});
