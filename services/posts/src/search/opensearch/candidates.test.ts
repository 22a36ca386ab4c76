import { activeTracing, runWithTrace } from '@kora/platform';
import { recordSpans } from '@kora/testing/spans';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { candidateBatch } from './candidates.js';
import { ensurePostIndex, openPostIndex } from './post-index.js';

const URL = process.env.SEARCH_BACKEND === 'opensearch' ? process.env.OPENSEARCH_URL : undefined;

// On the real OpenSearch only (the search engine's run of the real stage).
describe.skipIf(!URL)('candidateBatch on OpenSearch', () => {
  it('searches under a client span of the request being served, naming the index but never the words', async () => {
    const index = openPostIndex(URL!, `kora-test-${randomBytes(6).toString('hex')}-posts-v1`);
    const recorder = recordSpans('posts');
    try {
      await ensurePostIndex(index);
      const request = activeTracing()!.startSpan('GET /api/search', { kind: 'server' });
      const batch = await runWithTrace('req-1', () => candidateBatch(index, ['jollof', 'lag'], 10, null), request);
      request.end();
      // Outside any request (the indexer's writes, a backfill): no span.
      await candidateBatch(index, ['suya'], 10, null);
      expect(batch).toEqual({ ids: [], next: null });
      const searches = recorder.spans().filter((s) => s.kind === 'client');
      expect(searches).toHaveLength(1);
      expect(searches[0]).toMatchObject({ name: 'search', parentSpanId: request.spanContext().spanId, status: 0 });
      expect(searches[0]!.attributes).toEqual({
        'db.system': 'opensearch',
        'db.system.name': 'opensearch',
        'db.operation.name': 'search',
        'db.collection.name': index.name,
      });
    } finally {
      await recorder.stop();
      await index.client.indices.delete({ index: index.name }).catch(() => undefined);
      await index.client.close();
    }
  });
});
