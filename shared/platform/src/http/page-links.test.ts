import { describe, expect, it } from 'vitest';
import { nextPageUrl } from './page-links.js';

describe('nextPageUrl', () => {
  it("keeps the request's other parameters and sets cursor and limit last", () => {
    expect(nextPageUrl('/api/posts', 'abc', 20)).toBe('/api/posts?cursor=abc&limit=20');
    expect(nextPageUrl('/api/posts?authorId=5&cursor=old&limit=3', 'new', 3)).toBe('/api/posts?authorId=5&cursor=new&limit=3');
    expect(nextPageUrl('/api/notifications?cursor=0', 41, 20)).toBe('/api/notifications?cursor=41&limit=20');
  });

  it('encodes what it puts in the query', () => {
    expect(nextPageUrl('/api/users/search?q=ada obi', 'a/b', 5)).toBe('/api/users/search?q=ada+obi&cursor=a%2Fb&limit=5');
  });
});
