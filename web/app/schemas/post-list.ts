/**
 * The query of the "load more" resource route (GET /resources/posts): which list (the feed, one
 * author's posts, the member's saved posts) and the cursor of the next page. Built by the post
 * list in the browser and parsed by the route, so both sides agree on one format.
 */
import { pageQuery } from '@kora/contracts';
import { z } from 'zod';

/** Which list of posts a page belongs to: the feed, one author's posts (profile), or saved posts. */
export type PostListSource = { kind: 'feed' } | { kind: 'author'; authorId: number } | { kind: 'saved' };

export interface PostListRequest {
  source: PostListSource;
  cursor?: string;
}

export function postListSearch({ source, cursor }: PostListRequest): string {
  const params = new URLSearchParams({ list: source.kind });
  if (source.kind === 'author') params.set('authorId', String(source.authorId));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

const listQuery = z.discriminatedUnion('list', [
  z.object({ list: z.literal('feed') }),
  z.object({ list: z.literal('saved') }),
  z.object({ list: z.literal('author'), authorId: z.coerce.number().int().positive() }),
]);
const cursorQuery = pageQuery.pick({ cursor: true });

/** The request a query describes, or null when it is not one the route serves. */
export function parsePostListSearch(params: URLSearchParams): PostListRequest | null {
  const values = Object.fromEntries(params);
  const list = listQuery.safeParse(values);
  const page = cursorQuery.safeParse(values);
  if (!list.success || !page.success) return null;
  const source: PostListSource = list.data.list === 'author' ? { kind: 'author', authorId: list.data.authorId } : { kind: list.data.list };
  return page.data.cursor ? { source, cursor: page.data.cursor } : { source };
}
