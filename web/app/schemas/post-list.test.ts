import { describe, expect, it } from 'vitest';
import { postListSearch, type PostListRequest } from './post-list';
import { parsePostListSearch } from './post-list.server';

describe('post list queries', () => {
  it('round-trips every list', () => {
    const requests: PostListRequest[] = [
      { source: { kind: 'feed' } },
      { source: { kind: 'feed' }, cursor: 'abc' },
      { source: { kind: 'author', authorId: 12 }, cursor: 'xyz' },
      { source: { kind: 'saved' }, cursor: 'q' },
      { source: { kind: 'group', groupId: 4 } },
      { source: { kind: 'group', groupId: 4 }, cursor: 'g' },
    ];
    for (const request of requests) {
      expect(parsePostListSearch(new URLSearchParams(postListSearch(request)))).toEqual(request);
    }
  });

  it('refuses unknown lists, an author or group list without its id, and over-long cursors', () => {
    expect(parsePostListSearch(new URLSearchParams('list=everything'))).toBeNull();
    expect(parsePostListSearch(new URLSearchParams('list=author'))).toBeNull();
    expect(parsePostListSearch(new URLSearchParams('list=group'))).toBeNull();
    expect(parsePostListSearch(new URLSearchParams('list=group&groupId=0'))).toBeNull();
    expect(parsePostListSearch(new URLSearchParams(`list=feed&cursor=${'c'.repeat(201)}`))).toBeNull();
  });
});
