/**
 * Paging of list answers (decision 015). A list route answers a bare JSON array, as the product's
 * calls expect ("list of posts", "list"), and says where the next page is in headers, the way
 * Mastodon's API does:
 *   Link: </api/posts?cursor=X&limit=20>; rel="next"     (RFC 8288; a reference relative to the
 *                                                          request's own address)
 *   X-Next-Cursor: X                                      (the cursor alone, for simple clients)
 * Both are absent on the last page. The link keeps the request's other query parameters
 * (`authorId`, say), so following it is all a client needs to do.
 */
import { LINK_HEADER, NEXT_CURSOR_HEADER } from '@kora/contracts';
import type { FastifyReply } from 'fastify';

/** The headers a paged list route's answer may carry, as OpenAPI response headers. */
export const PAGE_HEADERS_DOC = {
  Link: {
    type: 'string',
    description: 'The next page, as an RFC 8288 link with rel="next" (absent on the last page)',
    example: '</api/posts?cursor=MjAyNi0xMS0yNlQwNDowMDowMC4wMDAwMDBafDQy&limit=20>; rel="next"',
  },
  'X-Next-Cursor': {
    type: 'string',
    description: "The next page's cursor, to pass as `cursor` (absent on the last page)",
    example: 'MjAyNi0xMS0yNlQwNDowMDowMC4wMDAwMDBafDQy',
  },
} as const;

/** The address of the page after this one: the request's path and query with `cursor` and `limit` set. */
export function nextPageUrl(requestUrl: string, cursor: string | number, limit: number): string {
  const q = requestUrl.indexOf('?');
  const path = q < 0 ? requestUrl : requestUrl.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : requestUrl.slice(q + 1));
  params.delete('cursor');
  params.delete('limit');
  params.append('cursor', String(cursor));
  params.append('limit', String(limit));
  return `${path}?${params.toString()}`;
}

/** Puts the next page's `Link` and `X-Next-Cursor` on `reply`; nothing when there is no next page. */
export function setNextPage<R extends object>(reply: R, nextCursor: string | number | null, limit: number): R {
  if (nextCursor === null) return reply;
  // A typed reply (the zod type provider) is a FastifyReply underneath.
  const raw = reply as unknown as FastifyReply;
  raw.header(LINK_HEADER, `<${nextPageUrl(raw.request.url, nextCursor, limit)}>; rel="next"`);
  raw.header(NEXT_CURSOR_HEADER, String(nextCursor));
  return reply;
}
