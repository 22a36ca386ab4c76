import type { Post } from '@kora/contracts';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INDEX_PATIENCE_MS, memberIds, postsServiceForFile, setPrivacy } from '../test-support.js';

// On the OpenSearch engine the candidates come in batches (search/opensearch/search.ts, decision 048):
// the first hundred here are all hidden from the reader, so the page needs the next batch.
describe(`GET /api/search?type=posts behind many hidden matches (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  // 115 posts written and, on OpenSearch, indexed one event at a time: minutes on a loaded machine.
  const timeout = INDEX_PATIENCE_MS + 120_000;
  it('finds the few posts the reader may see behind more than a hundred better ones they may not', { timeout }, async () => {
    const [open, closed, reader] = [nextId(), nextId(), nextId()];
    const word = `hid${randomInt(10 ** 9, 10 ** 10)}`;
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) seen.unshift((await file.api.createPost(open, `${word} open ${i}`)).id);
    // Newer, so ranked above the open ones; friends only, and the reader is nobody's friend.
    for (let batch = 0; batch < 110; batch += 10)
      await Promise.all([...Array(10).keys()].map((i) => file.api.createPost(closed, `${word} closed ${batch + i}`)));
    await setPrivacy(file.svc, closed, { profileVisibility: 'friends' });

    const page = async (query: Record<string, string>) => {
      const res = await file.api.get(`/api/search?${new URLSearchParams({ type: 'posts', q: word, ...query })}`, reader);
      expect(res.statusCode, res.body).toBe(200);
      const next = res.headers['x-next-cursor'];
      return { ids: res.json<Post[]>().map((p) => p.id), next: typeof next === 'string' ? next : null };
    };
    expect(await page({})).toEqual({ ids: seen, next: null });
    const first = await page({ limit: '3' });
    expect(first).toEqual({ ids: seen.slice(0, 3), next: '3' });
    expect(await page({ limit: '3', cursor: first.next! })).toEqual({ ids: seen.slice(3), next: null });
    // Their author sees all of them, a page at a time.
    const own = await file.api.get(`/api/search?${new URLSearchParams({ type: 'posts', q: word, limit: '50' })}`, closed);
    expect(own.json<Post[]>()).toHaveLength(50);
  });
});
