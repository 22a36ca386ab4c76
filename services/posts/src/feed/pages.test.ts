/**
 * A feed page is one SQL statement, for 3 posts as for 20 richly decorated ones (likes, comments by
 * several people, saves, shares, images and videos): no query per post, and no second round trip.
 */
import { describe, expect, it } from 'vitest';
import { befriend, mediaUrl, memberIds, postsServiceForFile, registerMember } from '../test-support.js';

type QueryFn = (query: unknown, ...rest: unknown[]) => Promise<unknown>;

describe(`feed page query count (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  /**
   * Counts the statements a request sends through the service's database client (PGlite or the pg
   * pool both expose `query`), leaving out the outbox relay's and the consumers' own polling.
   */
  async function statementsDuring(action: () => Promise<void>): Promise<string[]> {
    const client = (file.svc.ctx.db as unknown as { session: { client: { query: QueryFn } } }).session.client;
    const original = client.query;
    const seen: string[] = [];
    client.query = function (this: unknown, query: unknown, ...rest: unknown[]) {
      const text = typeof query === 'string' ? query : ((query as { text?: string }).text ?? '');
      if (!/outbox|processed_events/.test(text)) seen.push(text);
      return original.call(this, query, ...rest);
    };
    try {
      await action();
    } finally {
      client.query = original;
    }
    return seen;
  }

  // About 160 writes to set up: each post's decorations are made side by side, and the time limit
  // leaves room for a machine other test stages keep busy.
  it('is constant in the page size', { timeout: 90_000 }, async () => {
    const me = nextId();
    const friends = [nextId(), nextId(), nextId()];
    await Promise.all(
      friends.map(async (f) => {
        await registerMember(file.svc, f);
        await befriend(file.svc, me, f);
      }),
    );
    for (let i = 0; i < 20; i++) {
      const author = friends[i % friends.length]!;
      const post = await file.api.createPost(author, `post ${i}`, [{ url: mediaUrl('images') }, { url: mediaUrl('videos') }]);
      await Promise.all([
        ...friends.map((f) => file.api.post(`/api/posts/${post.id}/react`, f, { reaction: 'like' })),
        file.api.post(`/api/posts/${post.id}/comment`, friends[(i + 1) % friends.length]!, { content: `comment ${i}` }),
        file.api.post(`/api/posts/${post.id}/comment`, nextId(), { content: `stranger comment ${i}` }),
        i % 2 ? file.api.post('/api/saves', me, { postId: post.id }) : null,
        i % 3 ? file.api.post(`/api/posts/${post.id}/share`, me) : null,
      ]);
    }

    let small = 0;
    let large = 0;
    const smallStatements = await statementsDuring(async () => {
      const res = await file.api.get('/api/posts?limit=3', me);
      expect(res.json()).toHaveLength(3);
      small = res.json().length;
    });
    const largeStatements = await statementsDuring(async () => {
      const res = await file.api.get('/api/posts?limit=20', me);
      expect(res.json()).toHaveLength(20);
      large = res.json().length;
    });
    expect([small, large]).toEqual([3, 20]);
    // The page with everything each post shows (post-json.ts).
    expect(largeStatements).toHaveLength(1);
    expect(smallStatements).toHaveLength(1);
  });
});
