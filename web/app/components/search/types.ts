/**
 * What the search routes answer (routes/_app.search.tsx, resources.search.tsx, resources.panel.tsx),
 * shared by those routes and the components that draw them.
 */
import type { FriendShare, HashtagCount, MemberCard, Post, SearchGroup, SearchType, Suggestion } from '@kora/contracts';

export interface SearchRequest {
  q: string;
  type: SearchType;
  cursor?: string;
}

/** One tab's results: the items of that tab's kind. */
export type SearchItems =
  | { type: 'people'; items: MemberCard[] }
  | { type: 'posts'; items: Post[] }
  | { type: 'groups'; items: SearchGroup[] }
  | { type: 'hashtags'; items: HashtagCount[] };

/** A page of one tab, and the next page's cursor (null on the last page). */
export type SearchPage = SearchItems & { nextCursor: string | null };

/** GET /resources/search: the next page of a tab, or the text saying why it could not be loaded. */
export type SearchPageData = { ok: true; page: SearchPage } | { ok: false; error: string };

export const SEARCH_PAGE_URL = '/resources/search';

export function searchPageUrl({ q, type, cursor }: SearchRequest): string {
  const params = new URLSearchParams({ q, type });
  if (cursor) params.set('cursor', cursor);
  return `${SEARCH_PAGE_URL}?${params}`;
}

/**
 * The member's standing with the people a search found, so each card offers what fits: friends
 * and members already asked are not offered Add Friend again. Empty when it could not be loaded
 * (the friends service then refuses a second request with its own reason).
 */
export interface PeopleRelations {
  friends: number[];
  requested: number[];
}

/** GET /resources/panel: the right panel's four lists, each null when it could not be loaded. */
export interface PanelData {
  proMembers: MemberCard[] | null;
  trending: HashtagCount[] | null;
  suggestions: Suggestion[] | null;
  shares: FriendShare[] | null;
}

export const PANEL_URL = '/resources/panel';
