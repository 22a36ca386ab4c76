import { searchLimits, searchTexts, type HashtagCount, type PostPage } from '@kora/contracts';
import { expectError } from '@kora/testing';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { removeComment } from '../moderation/comment-state.js';
import { setShadowHidden } from '../moderation/post-state.js';
import { backfillHashtags } from '../posts/hashtag-backfill.js';
import {
  backdate,
  befriend,
  createGroup,
  joinGroup,
  memberIds,
  postPage,
  postsHandle,
  postsServiceForFile,
  registerMember,
  setPrivacy,
} from '../test-support.js';

/** A tag no other test of the run writes. */
const uniqueTag = (prefix = 'tag') => `${prefix}${randomInt(10 ** 9, 10 ** 10)}`;

describe(`hashtags (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  // Trending is counted on every call here (no minute's cache), so each test sees its own posts.
  const file = postsServiceForFile({ trendingCacheMs: 0 });
  const nextId = memberIds();

  const tagPosts = async (viewer: number | null, tag: string, query = '') =>
    file.api.get(`/api/hashtags/${encodeURIComponent(tag)}/posts${query}`, viewer);
  const ids = async (viewer: number, tag: string) => postPage(await tagPosts(viewer, tag)).posts.map((p) => p.id);
  const storedTags = async (postId: number) => {
    const h = file.svc.tables.hashtags;
    return (await file.svc.ctx.db.select().from(h).where(eq(h.postId, postId))).map((r) => [r.commentId, r.tag]);
  };
  const trending = async (viewer: number, limit: number = searchLimits.maxTrendingSize) =>
    (await file.api.get(`/api/hashtags/trending?limit=${limit}`, viewer)).json<HashtagCount[]>();

  it("stores a post's and a comment's tags with the contracts' rule, in lower case, once each", async () => {
    const { api } = file;
    const [me, friend] = [nextId(), nextId()];
    const post = await api.createPost(me, 'Jollof #Lagos #lagos #Àbújá abc#not &#39; ##no #2026 #naija_food');
    expect(await storedTags(post.id)).toEqual([
      [null, 'lagos'],
      [null, 'àbújá'],
      [null, 'naija_food'],
    ]);
    const res = await api.post(`/api/posts/${post.id}/comment`, friend, { content: 'so good #Suya' });
    expect(res.statusCode).toBe(201);
    expect(await storedTags(post.id)).toContainEqual([res.json().id, 'suya']);
  });

  it('lists the posts whose text or a live comment carries the tag, newest first, any case, and forgets a removed comment', async () => {
    const { api, svc } = file;
    const [me, other] = [nextId(), nextId()];
    const tag = uniqueTag();
    const inText = await api.createPost(me, `first #${tag}`);
    const commented = await api.createPost(other, 'no tag in the text');
    const comment = await api.post(`/api/posts/${commented.id}/comment`, me, { content: `but here #${tag.toUpperCase()}` });
    expect(comment.statusCode).toBe(201);
    expect(await ids(me, tag)).toEqual([commented.id, inText.id]);
    expect(await ids(me, tag.toUpperCase())).toEqual([commented.id, inText.id]);

    await svc.ctx.transact((tx) => removeComment(postsHandle(svc), tx, comment.json().id));
    expect(await ids(me, tag)).toEqual([inText.id]);
    // A valid tag nobody used: an empty list, not a 404.
    expect(await ids(me, uniqueTag())).toEqual([]);
  });

  it('applies every visibility rule of the feed', async () => {
    const { svc, api } = file;
    const [author, friend, stranger, mentioned, groupMember] = [nextId(), nextId(), nextId(), nextId(), nextId()];
    await registerMember(svc, mentioned, `mentioned${mentioned}`);
    await befriend(svc, author, friend);
    const tag = uniqueTag();
    await setPrivacy(svc, author, { profileVisibility: 'friends' });
    const friendsOnly = await api.createPost(author, `#${tag} friends only`);
    const mentioning = await api.createPost(author, `#${tag} hello @mentioned${mentioned}`);
    const groupId = randomInt(1, 2 ** 31);
    await createGroup(svc, groupId, author, 'private');
    await joinGroup(svc, groupId, groupMember);
    const inGroup = await api.createGroupPost(author, groupId, `#${tag} in the group`);
    const deleted = await api.createPost(author, `#${tag} deleted`);
    expect((await api.delete(`/api/posts/${deleted.id}`, author)).statusCode).toBe(200);
    const hidden = await api.createPost(author, `#${tag} hidden`);
    await setShadowHidden(postsHandle(svc), hidden.id, true);

    expect(await ids(author, tag)).toEqual([hidden.id, inGroup.id, mentioning.id, friendsOnly.id]);
    expect(await ids(friend, tag)).toEqual([mentioning.id, friendsOnly.id]);
    expect(await ids(stranger, tag)).toEqual([]);
    expect(await ids(mentioned, tag)).toEqual([mentioning.id]);
    expect(await ids(groupMember, tag)).toEqual([inGroup.id]);
    await setPrivacy(svc, author, { profileVisibility: 'only_me' });
    expect(await ids(friend, tag)).toEqual([]);
    expect(await ids(author, tag)).toEqual([hidden.id, inGroup.id, mentioning.id, friendsOnly.id]);
  });

  it('pages with the keyset cursor: no repeats, no gaps', async () => {
    const me = nextId();
    const tag = uniqueTag();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await file.api.createPost(me, `#${tag} ${i}`)).id);
    const first: PostPage = postPage(await tagPosts(me, tag, '?limit=2'));
    const second: PostPage = postPage(await tagPosts(me, tag, `?limit=2&cursor=${first.nextCursor}`));
    const third: PostPage = postPage(await tagPosts(me, tag, `?limit=2&cursor=${second.nextCursor}`));
    expect([...first.posts, ...second.posts, ...third.posts].map((p) => p.id)).toEqual([...made].reverse());
    expect(third.nextCursor).toBeNull();
  });

  it('answers 404 "Hashtag not found" for what cannot be a tag, 400 for a bad cursor, 401 anonymous', async () => {
    const me = nextId();
    for (const bad of ['2026', 'a b', 'x'.repeat(51), 'a-b', '#', "'"])
      expectError(await tagPosts(me, bad), 404, searchTexts.hashtagInvalid);
    expect((await tagPosts(me, 'lagos', '?cursor=nope!')).statusCode).toBe(400);
    expect((await tagPosts(null, 'lagos')).statusCode).toBe(401);
  });

  it("trends the last 7 days' public posts: most first, ties by tag; old, closed, hidden and deleted posts do not count", async () => {
    const { svc, api } = file;
    const [a, b, c, closed] = [nextId(), nextId(), nextId(), nextId()];
    const [hot, warm, old, secret] = [uniqueTag('hot'), uniqueTag('warm'), uniqueTag('old'), uniqueTag('secret')];
    for (const who of [a, b, c]) await api.createPost(who, `#${hot}`);
    await api.createPost(a, `#${warm} #${warm}`);
    await api.createPost(b, `#${warm}`);
    const aged = await api.createPost(a, `#${old} #${hot}`);
    await backdate(svc, aged.id, new Date(Date.now() - 8 * 86_400_000));
    await setPrivacy(svc, closed, { profileVisibility: 'friends' });
    await api.createPost(closed, `#${secret} #${hot}`);
    const hidden = await api.createPost(c, `#${warm}`);
    await setShadowHidden(postsHandle(svc), hidden.id, true);
    const gone = await api.createPost(c, `#${warm}`);
    expect((await api.delete(`/api/posts/${gone.id}`, c)).statusCode).toBe(200);
    const privateGroup = randomInt(1, 2 ** 31);
    await createGroup(svc, privateGroup, a, 'private');
    await api.createGroupPost(a, privateGroup, `#${warm}`);
    // A comment's tag does not count either.
    const commentRes = await api.post(`/api/posts/${aged.id}/comment`, b, { content: `#${warm}` });
    expect(commentRes.statusCode).toBe(201);

    const list = await trending(a);
    const mine = list.filter((t) => [hot, warm, old, secret].includes(t.tag));
    expect(mine).toEqual([
      { tag: hot, count: 3 },
      { tag: warm, count: 2 },
    ]);
    // Most first, then by tag.
    const sorted = [...list].sort((x, y) => y.count - x.count || (x.tag < y.tag ? -1 : 1));
    expect(list).toEqual(sorted);
    expect(await trending(a, 1)).toHaveLength(1);
    expectError(await file.api.get('/api/hashtags/trending?limit=51', a), 400, searchTexts.limitInvalid(searchLimits.maxTrendingSize));
    expect((await file.api.get('/api/hashtags/trending', null)).statusCode).toBe(401);
  });

  it('fills in the tags of posts and comments written before the table, once', async () => {
    const { svc, api } = file;
    const me = nextId();
    const tag = uniqueTag('old');
    const post = await api.createPost(me, `written before #${tag}`);
    const comment = await api.post(`/api/posts/${post.id}/comment`, me, { content: `and #${tag}Comment` });
    const h = svc.tables.hashtags;
    // As if written before migration 0010: no tag rows, the backfill still pending.
    await svc.ctx.db.delete(h).where(eq(h.postId, post.id));
    await svc.ctx.db.execute(sql`insert into ${svc.tables.pendingBackfills} (name) values ('hashtags')`);
    expect(await ids(me, tag)).toEqual([]);

    expect(await backfillHashtags(postsHandle(svc))).toBeGreaterThan(0);
    expect(await storedTags(post.id)).toEqual(
      expect.arrayContaining([
        [null, tag],
        [comment.json().id, `${tag}comment`],
      ]),
    );
    expect(await ids(me, tag)).toEqual([post.id]);
    const postRows = await svc.ctx.db
      .select()
      .from(h)
      .where(and(eq(h.postId, post.id), isNull(h.commentId)));
    expect(postRows).toHaveLength(1);
    // Done: the next start does nothing.
    expect(await backfillHashtags(postsHandle(svc))).toBe(0);
  });
});

describe(`trending's minute in the shared store (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  it('answers the counted list again until it is a minute old, each caller taking its limit', async () => {
    const me = nextId();
    const tag = uniqueTag('cached');
    const get = async (limit: number) => (await file.api.get(`/api/hashtags/trending?limit=${limit}`, me)).json<HashtagCount[]>();
    await file.api.createPost(me, `#${tag}`);
    const counted = await get(50);
    expect(counted).toContainEqual({ tag, count: 1 });
    await file.api.createPost(nextId(), `#${tag} again`);
    expect(await get(50)).toEqual(counted);
    expect(await get(1)).toEqual(counted.slice(0, 1));
  });
});
