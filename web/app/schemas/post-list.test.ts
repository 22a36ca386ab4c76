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
      { source: { kind: 'search', q: 'jollof rice & stew' }, cursor: '20' },
      { source: { kind: 'hashtag', tag: 'ọbẹ̀'.normalize('NFC') } },
      { source: { kind: 'hashtag', tag: 'naija' }, cursor: 'h' },
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

  it('refuses a search over 100 characters and a hashtag list without a possible tag', () => {
    expect(parsePostListSearch(new URLSearchParams({ list: 'search', q: 'a'.repeat(101) }))).toBeNull();
    expect(parsePostListSearch(new URLSearchParams('list=hashtag'))).toBeNull();
    expect(parsePostListSearch(new URLSearchParams('list=hashtag&tag=2026'))).toBeNull();
    expect(parsePostListSearch(new URLSearchParams('list=hashtag&tag=a-b'))).toBeNull();
  });
});
