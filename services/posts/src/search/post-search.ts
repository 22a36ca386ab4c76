/**
 * The posts search port (decision 048): what finds posts for `/api/search?type=posts`, whichever
 * engine answers. PostgreSQL answers from the posts table itself (posts.ts); OpenSearch keeps a
 * copy of each post's words and rank, fed by this service's own events, and answers candidates
 * whose visibility PostgreSQL then decides (opensearch/search.ts). SEARCH_BACKEND chooses
 * (config.ts); the route never knows which.
 */
import type { ConsumerDefinition } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { searchPosts } from './posts.js';
import type { RankedWindow } from './ranked-cursor.js';

/** A page of found posts: each the feed's JSON text, best first, and the cursor of the next page. */
export interface FoundPosts {
  items: string[];
  nextCursor: string | null;
}

export interface PostSearch {
  /** The posts matching `query` that `viewer` may see, in the window the cursor names. */
  posts(viewer: number, query: string, window: RankedWindow): Promise<FoundPosts>;
}

/** An engine behind the port, with what keeps it fed and ready. */
export interface PostSearchBackend {
  search: PostSearch;
  /** Consumers that keep the engine's copy of the posts current (none for PostgreSQL). */
  consumers: ConsumerDefinition[];
  /** Run once per start, before requests: the engine's index made and filled when missing. */
  start(): Promise<void>;
  /** Run when the service stops. */
  close(): Promise<void>;
}

/** PostgreSQL: the posts table is the index; nothing to feed. */
export function postgresPostSearch(posts: Posts): PostSearchBackend {
  return {
    search: { posts: (viewer, query, window) => searchPosts(posts, viewer, query, window) },
    consumers: [],
    start: async () => {},
    close: async () => {},
  };
}
