/**
 * The addresses of /search: what the page reads from its URL (a query, a tab) and the links its
 * tabs and the top bar build, so both sides agree on one format.
 */
import { SEARCH_TYPES, type SearchType } from '@kora/contracts';

export const SEARCH_PATH = '/search';

export interface SearchLocation {
  /** The words, trimmed; '' shows the prompt. */
  q: string;
  type: SearchType;
}

function isSearchType(value: string | null): value is SearchType {
  return value !== null && (SEARCH_TYPES as readonly string[]).includes(value);
}

/** An unknown or missing tab is the first one (people), as the API's default. */
export function readSearchLocation(params: URLSearchParams): SearchLocation {
  const type = params.get('type');
  return { q: (params.get('q') ?? '').trim(), type: isSearchType(type) ? type : 'people' };
}

export function searchHref({ q, type }: SearchLocation): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ q, type })}`;
}
