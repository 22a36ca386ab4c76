/**
 * Search, hashtags and the right panel's lists (posts service through the gateway, decision 025)
 * as the web app uses them. Every answer is checked against the contract's schemas, so a changed
 * shape fails here (502) instead of deep inside a component.
 */
import {
  friendShareSchema,
  hashtagCountSchema,
  memberCardSchema,
  NEXT_CURSOR_HEADER,
  postListSchema,
  searchGroupSchema,
} from '@kora/contracts';
import { z } from 'zod';
import type { SearchItems, SearchPage, SearchRequest } from '~/components/search/types';
import { apiFetch, apiFetchWithHeaders } from './api.server';

type Token = string | null;

/** The answer's schema for each tab: the route answers a bare array of that tab's items. */
const itemsSchema = {
  people: z.array(memberCardSchema),
  posts: postListSchema,
  groups: z.array(searchGroupSchema),
  hashtags: z.array(hashtagCountSchema),
} as const;

function searchPath({ q, type, cursor }: SearchRequest): string {
  const params = new URLSearchParams({ q, type });
  if (cursor) params.set('cursor', cursor);
  return `/api/search?${params}`;
}

/** One page of one tab's results, and the next page's cursor (`X-Next-Cursor`, decision 015). */
export async function fetchSearch(request: Request, search: SearchRequest, token: Token): Promise<SearchPage> {
  const schema: z.ZodType<SearchItems['items']> = itemsSchema[search.type];
  const { data, headers } = await apiFetchWithHeaders(request, searchPath(search), { schema, token });
  return { type: search.type, items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) } as SearchPage;
}

export function fetchTrending(request: Request, token: Token, { limit, timeoutMs }: { limit?: number; timeoutMs?: number } = {}) {
  return apiFetch(request, `/api/hashtags/trending${limit ? `?limit=${limit}` : ''}`, {
    schema: z.array(hashtagCountSchema),
    token,
    timeoutMs,
  });
}

export function fetchProMembers(request: Request, token: Token, timeoutMs?: number) {
  return apiFetch(request, '/api/members/pro', { schema: z.array(memberCardSchema), token, timeoutMs });
}

export function fetchFriendShares(request: Request, token: Token, timeoutMs?: number) {
  return apiFetch(request, '/api/shares/friends', { schema: z.array(friendShareSchema), token, timeoutMs });
}

/**
 * How many posts carry `tag`, if the search knows it: the hashtags tab lists tags by their words,
 * and the tag itself is among them when any post carries it. Null when it is not (or the call failed).
 */
export async function fetchHashtagCount(request: Request, tag: string, token: Token): Promise<number | null> {
  const page = await fetchSearch(request, { q: tag, type: 'hashtags' }, token).catch(() => null);
  if (page?.type !== 'hashtags') return null;
  return page.items.find((item) => item.tag === tag)?.count ?? null;
}
