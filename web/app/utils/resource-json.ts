/**
 * The browser's plain-fetch call to a resource route answering JSON (the Stories card, the reels
 * feed): the answer, or the error text to show — the server's `error` (decision 015's body), else
 * "Request failed". Plain fetch rather than fetchers: these calls must not revalidate the page's
 * loaders (a like does not reload the feed), and several run at once (one per reel).
 */
import { uiTexts } from '@kora/contracts';

export type ResourceResult<T> = { ok: true; data: T } | { ok: false; error: string; status: number };

/** The `error` text of an error body, if it has one. */
export function errorTextOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error) return body.error;
  return null;
}

export async function resourceJson<T>(url: string, init: RequestInit = {}, fallback = uiTexts.requestFailed): Promise<ResourceResult<T>> {
  let response: Response;
  try {
    // `manual`: a signed-out member's redirect to /login must not be followed as if it were data.
    response = await fetch(url, {
      credentials: 'same-origin',
      redirect: 'manual',
      cache: 'no-store',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    return { ok: false, error: fallback, status: 0 };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body !== null) return { ok: true, data: body as T };
  // The resource routes already answer a server failure with the fallback text (errorAnswer).
  return { ok: false, error: errorTextOf(body) ?? fallback, status: response.status };
}

/** A form body for a POST to a resource route. */
export function formBody(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}
