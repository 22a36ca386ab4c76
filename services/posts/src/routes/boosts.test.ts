/**
 * Perks in the posts service (decision 023): the verified badge follows the member's plan and the
 * reader's clock; boosts are refused with their texts and statuses, stay within the quota under
 * concurrency; a boosted post is sponsored in strangers' feeds only, at most one a page, rotated,
 * and only while the boost and the plan run.
 */
import { walletTexts, type Post } from '@kora/contracts';
import { expectError, testClock } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { setShadowHidden } from '../moderation/post-state.js';
import {
  befriend,
  createGroup,
  grantPlan,
  memberIds,
  postPage,
  postsHandle,
  postsServiceForFile,
  registerMember,
} from '../test-support.js';

const DAY = 24 * 60 * 60 * 1000;

describe(`perks in posts (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const clock = testClock();
  const file = postsServiceForFile({ now: clock.now });
  const nextId = memberIds();
  const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY);

  async function member(): Promise<number> {
    const id = nextId();
    await registerMember(file.svc, id);
    return id;
  }
  const boost = (postId: number, as: number) => file.api.post(`/api/posts/${postId}/boost`, as);
  const feed = async (viewer: number, query = 'limit=5') => postPage(await file.api.get(`/api/posts?${query}`, viewer));

  it("shows the verified badge while the plan runs, by the reader's clock; an older plan event changes nothing", async () => {
    const [ada, bola] = [await member(), await member()];
    await befriend(file.svc, ada, bola);
    const post = await file.api.createPost(ada, 'badge');
    await file.api.post(`/api/posts/${post.id}/comment`, ada, { content: 'mine' });
    const authorOf = async () => (await file.api.get(`/api/posts/${post.id}`, bola)).json<Post>();
    expect((await authorOf()).author.verified).toBe(false);

    await grantPlan(file.svc, ada, { activeUntil: inDays(30), occurredAt: clock.now() });
    const seen = await authorOf();
    expect(seen.author.verified).toBe(true);
    expect(seen.comments[0]!.verified).toBe(true);
    expect((await feed(bola)).posts.find((p) => p.id === post.id)!.author.verified).toBe(true);
    // A late event from before the purchase (a plan that had ended) is ignored.
    await grantPlan(file.svc, ada, {
      activeUntil: new Date(clock.now().getTime() - DAY),
      occurredAt: new Date(clock.now().getTime() - 10 * DAY),
    });
    expect((await authorOf()).author.verified).toBe(true);

    clock.advance(31 * DAY);
    const later = await authorOf();
    expect(later.author.verified).toBe(false);
    expect(later.comments[0]!.verified).toBe(false);
  });

  it('refuses boosts with their texts and statuses', async () => {
    const [ada, bola, stranger] = [await member(), await member(), await member()];
    const post = await file.api.createPost(ada, 'boost me');
    expectError(await boost(post.id, ada), 402, walletTexts.boostNeedsPlan);
    expectError(await boost(post.id, bola), 403, walletTexts.boostNotYours);
    expectError(await boost(999_999_999_999, ada), 404, 'Post not found');
    expectError(await file.api.post('/api/posts/abc/boost', ada), 404, 'Post not found');
    expect((await file.api.post(`/api/posts/${post.id}/boost`, null)).statusCode).toBe(401);

    const groupId = nextId();
    await createGroup(file.svc, groupId, ada, 'public');
    const inGroup = await file.api.createGroupPost(ada, groupId);
    await grantPlan(file.svc, ada, { activeUntil: inDays(30), boostPosts: 2 });
    expectError(await boost(inGroup.id, ada), 400, walletTexts.boostNotOnTimeline);

    const hidden = await file.api.createPost(ada, 'hidden');
    await setShadowHidden(postsHandle(file.svc), hidden.id, true);
    expectError(await boost(hidden.id, ada), 404, 'Post not found');

    const ok = await boost(post.id, ada);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ postId: post.id, boostedUntil: inDays(7).toISOString(), boostsLeft: 1 });
    expectError(await boost(post.id, ada), 409, walletTexts.alreadyBoosted);
    const second = await file.api.createPost(ada, 'second');
    expect((await boost(second.id, ada)).json()).toMatchObject({ boostsLeft: 0 });
    const third = await file.api.createPost(ada, 'third');
    expectError(await boost(third.id, ada), 409, walletTexts.boostQuotaUsed);

    // The plan ends: no boost, whatever is left.
    await grantPlan(file.svc, stranger, { activeUntil: inDays(1) });
    const late = await file.api.createPost(stranger, 'late');
    clock.advance(2 * DAY);
    expectError(await boost(late.id, stranger), 402, walletTexts.boostNeedsPlan);
  });

  it('never boosts more posts than the plan allows, whatever runs at once', async () => {
    const ada = await member();
    await grantPlan(file.svc, ada, { activeUntil: inDays(30), boostPosts: 3 });
    const posts = await Promise.all(Array.from({ length: 10 }, (_, i) => file.api.createPost(ada, `concurrent ${i}`)));
    const answers = await Promise.all(posts.map((p) => boost(p.id, ada)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) expectError(refused, 409, walletTexts.boostQuotaUsed);
    expect(
      answers
        .filter((a) => a.statusCode === 200)
        .map((a) => a.json<{ boostsLeft: number }>().boostsLeft)
        .sort(),
    ).toEqual([0, 1, 2]);
  });

  it('shows a boost as sponsored to strangers only, one a page, rotated, until the boost or the plan ends', async () => {
    const [ada, friend, viewer] = [await member(), await member(), await member()];
    await befriend(file.svc, ada, friend);
    for (let i = 0; i < 6; i++) await file.api.createPost(viewer, `own ${i}`);
    await grantPlan(file.svc, ada, { activeUntil: inDays(10), boostPosts: 5 });
    const boosted = [await file.api.createPost(ada, 'sponsored one'), await file.api.createPost(ada, 'sponsored two')];
    for (const p of boosted) expect((await boost(p.id, ada)).statusCode).toBe(200);
    const ours = new Set(boosted.map((p) => p.id));

    // The stranger: one sponsored post a page, in one of its places after the page's first two
    // posts, one of ada's, never the same on consecutive pages.
    const first = await feed(viewer, 'limit=3');
    const second = await feed(viewer, `limit=3&cursor=${first.nextCursor}`);
    for (const page of [first, second]) {
      const sponsored = page.posts.filter((p) => p.sponsored);
      expect(sponsored).toHaveLength(1);
      expect(page.posts).toHaveLength(3);
      expect(page.posts[2]!.sponsored).toBe(true);
      expect(page.posts.filter((p) => !p.sponsored).every((p) => p.author.id === viewer)).toBe(true);
    }
    const [a, b] = [first, second].map((page) => page.posts.find((p) => p.sponsored)!);
    expect(a!.id).not.toBe(b!.id);
    expect(a!.author).toMatchObject({ id: expect.any(Number), verified: true });
    // Nothing of the stranger's own feed is lost to it: the two pages hold their four newest posts.
    expect([first, second].flatMap((page) => page.posts.filter((p) => !p.sponsored).map((p) => p.content))).toEqual([
      'own 5',
      'own 4',
      'own 3',
      'own 2',
    ]);
    // A page with no room after two of its own posts carries none (limit 2, or a short last page).
    expect((await feed(viewer, 'limit=2')).posts.filter((p) => p.sponsored)).toEqual([]);

    // Not for the author, not for a friend: they see it as an ordinary post, unmarked.
    for (const who of [ada, friend]) {
      const page = await feed(who, 'limit=20');
      expect(page.posts.filter((p) => ours.has(p.id)).every((p) => !p.sponsored)).toBe(true);
      expect(page.posts.filter((p) => p.sponsored && p.author.id === ada)).toEqual([]);
    }

    // The plan ends (day 10): ada's boosts stop; so do they after 7 days anyway.
    clock.advance(11 * DAY);
    expect((await feed(viewer, 'limit=20')).posts.filter((p) => p.author.id === ada)).toEqual([]);
    await grantPlan(file.svc, ada, { activeUntil: inDays(30), occurredAt: clock.now() });
    expect((await feed(viewer, 'limit=20')).posts.filter((p) => p.author.id === ada)).toEqual([]);
  });

  it('sponsors a boost for 7 days, then no more, while the plan still runs', async () => {
    const [ada, viewer] = [await member(), await member()];
    for (let i = 0; i < 3; i++) await file.api.createPost(viewer, `own ${i}`);
    await grantPlan(file.svc, ada, { activeUntil: inDays(30), occurredAt: clock.now() });
    const post = await file.api.createPost(ada, 'seven days');
    expect((await boost(post.id, ada)).statusCode).toBe(200);
    const sponsoredIds = async () => {
      // Pages rotate among every running boost: look at a few first pages.
      const seen = new Set<number>();
      for (let i = 0; i < 10; i++) for (const p of (await feed(viewer)).posts) if (p.sponsored) seen.add(p.id);
      return seen;
    };
    expect(await sponsoredIds()).toContain(post.id);
    clock.advance(7 * DAY + 1000);
    expect(await sponsoredIds()).not.toContain(post.id);
  });
});
