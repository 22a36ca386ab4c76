/**
 * Search's lists, limits and texts (decision 025), apart from the schemas in search.ts:
 * the web app's first load imports these, and a module holding zod schemas would bring zod with it
 * (decision 017's budget). No imports, no side effects.
 */
import { localizedLabels } from '../i18n/localized-labels.js';
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const SEARCH_TYPES = ['people', 'posts', 'groups', 'hashtags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const searchLimits = {
  /** The longest query taken; a longer one is refused (400), not cut. */
  maxQueryLength: 100,
  pageSize: 20,
  maxPageSize: 50,
  /** How deep a ranked list pages (its cursor is an offset): past it, nobody is still reading. */
  maxDepth: 1000,
  /** Trending counts the last this many days. */
  trendingDays: 7,
  trendingSize: 10,
  maxTrendingSize: 50,
  proMembersSize: 8,
  friendSharesSize: 5,
} as const;

export const searchTexts = localizedTexts('search', {
  typeInvalid: `type must be one of ${SEARCH_TYPES.join(', ')}`,
  queryTooLong: `Search text must be at most ${searchLimits.maxQueryLength} characters`,
  cursorInvalid: 'That page of results is no longer available; search again',
  hashtagInvalid: 'Hashtag not found',
  limitInvalid: template('limit must be a whole number from 1 to {{max}}', (max: number) => ({ max })),
  // The page's own texts.
  pageTitle: 'Search',
  promptTitle: 'Search Kora',
  promptBody: 'Find people, posts, groups and hashtags.',
  noResults: template('No results for "{{query}}"', (query: string) => ({ query })),
  noResultsHint: 'Check the spelling or try fewer words.',
  loadFailed: 'Search failed. Try again.',
  hashtagEmpty: 'No posts with this hashtag yet',
  trendingTitle: 'Trending',
  proUsersTitle: 'Pro Users',
  sharesTitle: 'Shares',
  suggestedTitle: 'Suggested Friends',
  tabPeople: 'People',
  tabPosts: 'Posts',
  tabGroups: 'Groups',
  tabHashtags: 'Hashtags',
});

/** Choices' labels, read where shown (getters), in the page's language. */
export const SEARCH_TAB_LABELS = localizedLabels<typeof searchTexts, SearchType>(searchTexts, {
  people: 'tabPeople',
  posts: 'tabPosts',
  groups: 'tabGroups',
  hashtags: 'tabHashtags',
});
