/**
 * The query of the "load more" resource route (GET /resources/posts): which list (the feed, one
 * author's posts, the member's saved posts) and the cursor of the next page. Built by the post
 * list in the browser and parsed by the route, so both sides agree on one format.
 */

/**
 * Which list of posts a page belongs to: the feed, one author's posts (profile), saved posts, a
 * group's, the posts a search found (`q`), or a hashtag's (decision 025).
 */
export type PostListSource =
  | { kind: 'feed' }
  | { kind: 'author'; authorId: number }
  | { kind: 'saved' }
  | { kind: 'group'; groupId: number }
  | { kind: 'search'; q: string }
  | { kind: 'hashtag'; tag: string };

export interface PostListRequest {
  source: PostListSource;
  cursor?: string;
}

export function postListSearch({ source, cursor }: PostListRequest): string {
  const params = new URLSearchParams({ list: source.kind });
  if (source.kind === 'author') params.set('authorId', String(source.authorId));
  if (source.kind === 'group') params.set('groupId', String(source.groupId));
  if (source.kind === 'search') params.set('q', source.q);
  if (source.kind === 'hashtag') params.set('tag', source.tag);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}
