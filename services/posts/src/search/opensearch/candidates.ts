/**
 * The OpenSearch half of a posts search (decision 048): ids of posts holding every word (the last
 * as a prefix), best first (rank, then id, as PostgreSQL orders them), a batch at a time after the
 * last one's sort key. Who may see them is PostgreSQL's to decide (search.ts).
 */
import { inClientSpan } from '@kora/platform/service';
import type { API } from '@opensearch-project/opensearch';
import type { PostIndex } from './post-index.js';

/** Where a batch ended: its last hit's sort values. */
export type SortKey = [number, number];

export interface CandidateBatch {
  ids: number[];
  /** The key to continue after, or null when the matches ran out. */
  next: SortKey | null;
}

/** The search request of a batch: `words` folded as the index holds them (PostgreSQL's `kora_search_text`), at least one. */
export function candidateQuery(words: string[], size: number, after: SortKey | null): API.Search_RequestBody {
  const last = words.length - 1;
  return {
    size,
    _source: false,
    track_total_hits: false,
    query: {
      bool: { filter: words.map((word, i) => (i === last ? { prefix: { words: word } } : { term: { words: word } })) },
    },
    sort: [{ rank: { order: 'desc' } }, { id: { order: 'desc' } }],
    ...(after ? { search_after: after } : {}),
  };
}

export async function candidateBatch(index: PostIndex, words: string[], size: number, after: SortKey | null): Promise<CandidateBatch> {
  // The span names the index and the operation, not the query: its words are what a member typed.
  const { body } = await inClientSpan(
    'search',
    { 'db.system': 'opensearch', 'db.system.name': 'opensearch', 'db.operation.name': 'search', 'db.collection.name': index.name },
    () => index.client.search({ index: index.name, body: candidateQuery(words, size, after) }),
  );
  const hits = body.hits.hits;
  const ids = hits.map((hit) => Number(hit._id));
  const end = hits[hits.length - 1]?.sort;
  return { ids, next: hits.length === size && end ? [Number(end[0]), Number(end[1])] : null };
}
