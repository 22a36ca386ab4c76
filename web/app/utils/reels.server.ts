/**
 * The reels API (stories-reels service, through the gateway) as the web app uses it. Every answer is
 * parsed with the contracts' schemas; paths are named here and nowhere else (decision 017).
 */
import {
  NEXT_CURSOR_HEADER,
  reelCommentListSchema,
  reelCommentSchema,
  reelLikeAnswer,
  reelListSchema,
  reelSchema,
  reelShareAnswer,
  type CreateReelBody,
} from '@kora/contracts';
import { apiFetch, apiFetchWithHeaders } from './api.server';

type Token = string | null;

const reelPath = (id: number) => `/api/reels/${id}`;

/** A page of the feed (newest first) and the next page's cursor (X-Next-Cursor), null at the end. */
export async function fetchReelPage(request: Request, cursor: string | null, token: Token) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  const { data, headers } = await apiFetchWithHeaders(request, `/api/reels${query}`, { schema: reelListSchema, token });
  return { reels: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function fetchReel(request: Request, id: number, token: Token) {
  return apiFetch(request, reelPath(id), { schema: reelSchema, token });
}

export function createReel(request: Request, body: CreateReelBody, token: Token) {
  return apiFetch(request, '/api/reels', { json: body, schema: reelSchema, token });
}

export function toggleReelLike(request: Request, id: number, token: Token) {
  return apiFetch(request, `${reelPath(id)}/like`, { method: 'POST', schema: reelLikeAnswer, token });
}

export function shareReel(request: Request, id: number, token: Token) {
  return apiFetch(request, `${reelPath(id)}/share`, { method: 'POST', schema: reelShareAnswer, token });
}

export async function fetchReelComments(request: Request, id: number, cursor: string | null, token: Token) {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  const { data, headers } = await apiFetchWithHeaders(request, `${reelPath(id)}/comments${query}`, {
    schema: reelCommentListSchema,
    token,
  });
  return { comments: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function addReelComment(request: Request, id: number, content: string, token: Token) {
  return apiFetch(request, `${reelPath(id)}/comments`, { json: { content }, schema: reelCommentSchema, token });
}
