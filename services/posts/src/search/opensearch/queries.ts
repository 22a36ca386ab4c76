/** What the bench (tests/bench/search-opensearch.ts) uses of the OpenSearch engine: the service's own index, fill and query. */
export { backfillPostIndex } from './backfill.js';
export { candidateQuery } from './candidates.js';
export { FIRST_BATCH } from './search.js';
export { ensurePostIndex, openPostIndex, postIndexName, refreshPostIndex, type PostIndex } from './post-index.js';
