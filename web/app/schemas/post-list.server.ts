/**
 * Reads a post list request back from the URL (the list resource route's loader): the server's
 * half of post-list.ts, apart so the schemas never reach the browser.
 */
import { hashtagParams, pageQuery, searchQuery } from '@kora/contracts';
import { z } from 'zod';
import type { PostListRequest, PostListSource } from './post-list';

const listQuery = z.discriminatedUnion('list', [
  z.object({ list: z.literal('feed') }),
  z.object({ list: z.literal('saved') }),
  z.object({ list: z.literal('author'), authorId: z.coerce.number().int().positive() }),
  z.object({ list: z.literal('group'), groupId: z.coerce.number().int().positive() }),
  z.object({ list: z.literal('search'), q: searchQuery.shape.q }),
  z.object({ list: z.literal('hashtag'), tag: hashtagParams.shape.tag }),
]);
const cursorQuery = pageQuery.pick({ cursor: true });

function sourceOf(list: z.infer<typeof listQuery>): PostListSource {
  switch (list.list) {
    case 'author':
      return { kind: 'author', authorId: list.authorId };
    case 'group':
      return { kind: 'group', groupId: list.groupId };
    case 'search':
      return { kind: 'search', q: list.q };
    case 'hashtag':
      return { kind: 'hashtag', tag: list.tag };
    default:
      return { kind: list.list };
  }
}

/** The request a query describes, or null when it is not one the route serves. */
export function parsePostListSearch(params: URLSearchParams): PostListRequest | null {
  const values = Object.fromEntries(params);
  const list = listQuery.safeParse(values);
  const page = cursorQuery.safeParse(values);
  if (!list.success || !page.success) return null;
  const source: PostListSource = sourceOf(list.data);
  return page.data.cursor ? { source, cursor: page.data.cursor } : { source };
}
