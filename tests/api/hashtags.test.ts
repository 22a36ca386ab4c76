/**
 * Hashtags and the right panel's lists through the gateway (decision 025): a tag's page finds
 * posts by their text and by their comments, trending and Pro users answer their shapes, and a
 * friend's share reaches the panel.
 */
import { searchTexts, type FriendShare, type HashtagCount, type MemberCard, type Post } from '@kora/contracts';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, befriend, json, signedInMember, type SignedIn } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, body, MODE } from './support/product.js';

const uniqueTag = () => `tag${randomBytes(5).toString('hex')}`;

describe(`hashtags and the panel's lists through the gateway (${MODE})`, () => {
  let ada: SignedIn;
  let bola: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    [ada, bola, stranger] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    await befriend(ada, bola);
  });

  it("lists a tag's posts, from their text or a comment, newest first, any case", async () => {
    const tag = uniqueTag();
    const inText = await createPost(ada, `Sunday rice #${tag}`);
    const other = await createPost(bola, 'no tag here');
    const comment = await api(`/api/posts/${other.id}/comment`, json({ content: `yes #${tag.toUpperCase()}` }, ada.token));
    expect(comment.status).toBe(201);
    const res = await api(`/api/hashtags/${tag.toUpperCase()}/posts`, auth(stranger.token));
    expect(res.status).toBe(200);
    expect((await body<Post[]>(res)).map((p) => p.id)).toEqual([other.id, inText.id]);
  });

  it('answers 404 "Hashtag not found" for what cannot be a tag', async () => {
    for (const bad of ['2026', 'a-b', encodeURIComponent('#'), 'x'.repeat(51)]) {
      const res = await api(`/api/hashtags/${bad}/posts`, auth(ada.token));
      expect(res.status, bad).toBe(404);
      expect(await res.json()).toMatchObject({ error: searchTexts.hashtagInvalid });
    }
  });

  it('answers trending tags and Pro members in their shapes, and refuses a bad limit', async () => {
    const trending = await api('/api/hashtags/trending?limit=5', auth(ada.token));
    expect(trending.status).toBe(200);
    const tags = await body<HashtagCount[]>(trending);
    expect(tags.length).toBeLessThanOrEqual(5);
    for (const t of tags) expect(t).toEqual({ tag: expect.any(String), count: expect.any(Number) });
    const pro = await api('/api/members/pro', auth(ada.token));
    expect(pro.status).toBe(200);
    for (const m of await body<MemberCard[]>(pro)) expect(m.verified).toBe(true);
    for (const path of ['/api/hashtags/trending?limit=51', '/api/members/pro?limit=0', '/api/shares/friends?limit=x']) {
      expect((await api(path, auth(ada.token))).status, path).toBe(400);
    }
  });

  it("shows a friend's share to their friends, not to strangers", async () => {
    const post = await createPost(stranger, 'worth sharing');
    expect((await api(`/api/posts/${post.id}/share`, { method: 'POST', ...auth(bola.token) })).status).toBe(200);
    const shares = await body<FriendShare[]>(await api('/api/shares/friends', auth(ada.token)));
    expect(shares[0]).toMatchObject({ sharedBy: { id: bola.user.user_id }, post: { id: post.id } });
    expect(await body<FriendShare[]>(await api('/api/shares/friends', auth(stranger.token)))).toEqual([]);
  });
});
