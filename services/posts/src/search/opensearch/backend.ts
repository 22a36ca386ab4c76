/**
 * The OpenSearch engine behind the posts search port (decision 048): its client, its index, the
 * consumer that feeds it, and at start-up the index made and filled when it is new. OpenSearch
 * away at start-up stops search, not the service: posting, the feed and the rest start as usual,
 * search answers 503 and the indexer's events wait, while the index is tried again every few seconds.
 */
import type { Posts } from '../../context.js';
import type { PostSearchBackend } from '../post-search.js';
import { backfillPostIndex } from './backfill.js';
import { postIndexer } from './indexer.js';
import { ensurePostIndex, isBackfilled, openPostIndex, postIndexName } from './post-index.js';
import { openSearchPosts } from './search.js';

const RETRY_MS = 5_000;

export function openSearchPostSearch(posts: Posts, url: string): PostSearchBackend {
  const index = openPostIndex(url, postIndexName(posts.config.OPENSEARCH_INDEX_PREFIX, posts.ctx.schema));
  const state = { ready: false, closed: false, retry: undefined as NodeJS.Timeout | undefined };

  async function prepare(): Promise<void> {
    await ensurePostIndex(index);
    if (!(await isBackfilled(index))) {
      const since = Date.now();
      const written = await backfillPostIndex(index, posts.ctx.db, posts.tables);
      posts.ctx.log.info({ index: index.name, written, ms: Date.now() - since }, 'search index filled from the posts table');
    }
    state.ready = true;
  }

  async function attempt(): Promise<void> {
    try {
      await prepare();
    } catch (err) {
      if (state.closed) return;
      posts.ctx.log.error({ err, index: index.name }, 'OpenSearch: the posts index is not ready; posts search answers 503 meanwhile');
      state.retry = setTimeout(() => void attempt(), RETRY_MS);
    }
  }

  const ready = () => state.ready;
  return {
    search: openSearchPosts(posts, index, ready),
    consumers: [postIndexer(index, posts.tables, ready)],
    start: attempt,
    async close() {
      state.closed = true;
      clearTimeout(state.retry);
      await index.client.close();
    },
  };
}
