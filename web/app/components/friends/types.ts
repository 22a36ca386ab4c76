/**
 * What the friends resource routes answer (routes/resources.friends.tsx, resources.users.search.tsx),
 * shared by those routes and the components that call them.
 */
import type { Relation, userSearchItemSchema } from '@kora/contracts';
import type { z } from 'zod';
import type { FriendIntent } from '~/schemas/friend-action';

export type { FriendIntent };

/** One member found by GET /api/users/search. */
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;

export const FRIEND_ACTION_URL = '/resources/friends';

export function userSearchUrl(query: string): string {
  return `/resources/users/search?${new URLSearchParams({ q: query })}`;
}

/** `relation` is the new relation to the member named in the form (null when none was named). */
export type FriendActionSuccess = { intent: FriendIntent; ok: true; message: string; relation: Relation | null };
/** `reason` is the server's own refusal ("You are already friends"), shown under the product's text. */
export type FriendActionFailure = { intent: FriendIntent | null; ok: false; error: string; reason?: string };
export type FriendActionData = FriendActionSuccess | FriendActionFailure;

/** The fields of a friend action form, as the components build them. */
export type FriendActionFields =
  { intent: 'send' | 'unfriend'; userId: number } | { intent: 'accept' | 'decline' | 'cancel'; requestId: number; userId?: number };

/** GET /resources/users/search?q=. */
export type UserSearchData = { ok: true; query: string; users: UserSearchItem[] } | { ok: false; error: string };
