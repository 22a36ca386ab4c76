/**
 * Blocking (friends service, through the gateway; decision 036) as the web app uses it: a page of
 * the member's blocks (the next page's cursor from `X-Next-Cursor`), block and unblock. Answers are
 * checked against the contract's schemas.
 */
import { blockedMemberListSchema, blockStateSchema, NEXT_CURSOR_HEADER } from '@kora/contracts';
import type { BlockedPage } from '~/components/safety/types';
import { apiFetch, apiFetchWithHeaders } from './api.server';

type Token = string | null;

export async function fetchBlockedPage(request: Request, cursor: string | null, token: Token): Promise<BlockedPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  const { data, headers } = await apiFetchWithHeaders(request, `/api/friends/blocks${query}`, { schema: blockedMemberListSchema, token });
  return { members: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function blockMember(request: Request, userId: number, token: Token) {
  return apiFetch(request, '/api/friends/blocks', { json: { userId }, schema: blockStateSchema, token });
}

export function unblockMember(request: Request, userId: number, token: Token) {
  return apiFetch(request, `/api/friends/blocks/${userId}`, { method: 'DELETE', schema: blockStateSchema, token });
}
