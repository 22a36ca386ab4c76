/** The engine SEARCH_BACKEND names behind the posts search port (post-search.ts, decision 048). */
import type { Posts } from '../context.js';
import { openSearchPostSearch } from './opensearch/backend.js';
import { postgresPostSearch, type PostSearchBackend } from './post-search.js';

export function createPostSearch(posts: Posts): PostSearchBackend {
  const { SEARCH_BACKEND, OPENSEARCH_URL } = posts.config;
  return SEARCH_BACKEND === 'opensearch' && OPENSEARCH_URL ? openSearchPostSearch(posts, OPENSEARCH_URL) : postgresPostSearch(posts);
}
