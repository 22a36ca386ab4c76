/**
 * The friends API (friends service, through the gateway) and the member search (auth service) as
 * the web app uses them. Every answer is checked against the contract's schemas, so a changed
 * shape fails here with a 502 instead of deep inside a component.
 */
import {
  friendRequestSchema,
  friendSchema,
  relationSchema,
  sendRequestAnswer,
  suggestionSchema,
  userSearchItemSchema,
  type Relation,
} from '@kora/contracts';
import { z } from 'zod';
import type { UserSearchItem } from '~/components/friends/types';
import { apiFetch } from './api.server';

type Token = string | null;

/** Requests other members sent to the caller, still pending. */
export function fetchIncomingRequests(request: Request, token: Token) {
  return apiFetch(request, '/api/friends/requests', { schema: z.array(friendRequestSchema), token });
}

/** Requests the caller sent, still pending. */
export function fetchSentRequests(request: Request, token: Token) {
  return apiFetch(request, '/api/friends/requests/sent', { schema: z.array(friendRequestSchema), token });
}

export function fetchFriends(request: Request, token: Token) {
  return apiFetch(request, '/api/friends/list', { schema: z.array(friendSchema), token });
}

export function fetchSuggestions(request: Request, token: Token) {
  return apiFetch(request, '/api/friends/suggestions', { schema: z.array(suggestionSchema), token });
}

export function fetchRelation(request: Request, userId: number, token: Token): Promise<Relation> {
  return apiFetch(request, `/api/friends/relation/${userId}`, { schema: relationSchema, token });
}

export function searchUsers(request: Request, query: string, token: Token): Promise<UserSearchItem[]> {
  return apiFetch(request, `/api/users/search?${new URLSearchParams({ q: query })}`, { schema: z.array(userSearchItemSchema), token });
}

export function sendFriendRequest(request: Request, toUserId: number, token: Token) {
  return apiFetch(request, '/api/friends/requests', { json: { toUserId }, schema: sendRequestAnswer, token });
}

export async function answerFriendRequest(
  request: Request,
  requestId: number,
  action: 'accepted' | 'declined',
  token: Token,
): Promise<void> {
  await apiFetch(request, `/api/friends/requests/${requestId}`, { method: 'PUT', json: { action }, token });
}

/** The sender takes back a request still pending. */
export async function cancelFriendRequest(request: Request, requestId: number, token: Token): Promise<void> {
  await apiFetch(request, `/api/friends/requests/${requestId}`, { method: 'DELETE', token });
}

export async function unfriend(request: Request, userId: number, token: Token): Promise<void> {
  await apiFetch(request, `/api/friends/${userId}`, { method: 'DELETE', token });
}
