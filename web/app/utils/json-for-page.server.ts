/**
 * A JSON answer for resource routes the page calls with plain fetch() rather than a fetcher (the
 * live notifications store, utils/live-notifications.ts). Never cached; carries the session's
 * Set-Cookie headers when requireSession renewed the access token on the way.
 */
export function jsonForPage(body: unknown, { status = 200, headers }: { status?: number; headers?: Headers } = {}): Response {
  const out = new Headers(headers);
  out.set('cache-control', 'private, no-store');
  return Response.json(body, { status, headers: out });
}
