/**
 * How list answers page (decision 015): the answer is a bare array; the next page, when there is
 * one, is in two headers, `Link: <…?cursor=X&limit=N>; rel="next"` (RFC 8288, as Mastodon's API
 * does) and `X-Next-Cursor: X`. A cursor of `0` asks for the first page, as clients written from
 * the product rules send.
 */
export const LINK_HEADER = 'link';
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
