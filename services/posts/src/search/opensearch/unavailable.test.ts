import { apiErrorTexts } from '@kora/contracts';
import { expectError, memberClient } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { memberIds, postsServiceForFile } from '../../test-support.js';

// Nothing listens on port 1: OpenSearch is away from the start.
const away = { SEARCH_BACKEND: 'opensearch', OPENSEARCH_URL: 'http://127.0.0.1:1' };

describe(`posts search on OpenSearch while it is away (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile({ env: away });
  const nextId = memberIds();

  it('starts all the same: posts search answers 503 with its text, everything else as usual', async () => {
    const me = nextId();
    const post = await file.api.createPost(me, 'posting while the search engine is away');
    const api = memberClient(file.svc);
    expectError(await api.get('/api/search?type=posts&q=posting', me), 503, apiErrorTexts.serviceUnavailable('search'));
    expect((await api.get('/api/search?type=people&q=nobody', me)).statusCode).toBe(200);
    expect((await api.get(`/api/posts/${post.id}`, me)).statusCode).toBe(200);
  });
});
