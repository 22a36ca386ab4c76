/**
 * Mentions and post visibility through the gateway, in whichever mode the harness started: real
 * members (auth's events give posts their usernames), privacy saved through the settings API (its
 * event reaches the posts service's projection), `@username` linked in posts and comments, tag
 * review with the review routes and their roles, and a closed profile's posts kept from strangers.
 */
import { mentionTexts, postTexts, type MentionReviewAnswer, type PendingMention, type Post, type PrivacySettings } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { createPost } from './support/posts.js';
import { api, body, MODE } from './support/product.js';

type Member = SignedIn & { member: { username: string } };

const postsOf = async (who: Member, query: string) => body<Post[]>(await api(`/api/posts${query}`, auth(who.token)));
const postIds = async (who: Member, query: string) => (await postsOf(who, query)).map((p) => p.id);
const review = (who: Member | null, mentionId: number | string, action: 'approve' | 'decline') =>
  api(
    `/api/posts/mentions/${mentionId}/${action}`,
    who ? { method: 'POST', headers: { authorization: `Bearer ${who.token}` } } : { method: 'POST' },
  );

/** Saves privacy settings through the settings API and waits until the posts service applies them (`applied`). */
async function savePrivacy(who: Member, values: Partial<PrivacySettings>, applied: () => Promise<boolean>): Promise<void> {
  const res = await api('/api/settings/privacy', json(values, who.token, 'PUT'));
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await readUntil(applied, Boolean, 20_000)).toBe(true);
}

describe(`mentions and post visibility through the gateway (${MODE})`, () => {
  let ada: Member;
  let bola: Member;
  let chidi: Member;

  beforeAll(async () => {
    [ada, bola, chidi] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
  });

  it('links an @username in a post and a comment, and lists the post on the profile of the member mentioned', async () => {
    const post = await createPost(ada, `Lunch with @${bola.member.username.toUpperCase()} and @nobody_${Date.now()}`);
    expect(post.mentions).toEqual([{ userId: bola.user.user_id, username: bola.member.username.toUpperCase() }]);
    expect(await postIds(chidi, `?authorId=${bola.user.user_id}`)).toContain(post.id);

    const comment = await api(`/api/posts/${post.id}/comment`, json({ content: `@${chidi.member.username}, come too` }, bola.token));
    expect(comment.status).toBe(201);
    expect((await body<Post['comments'][number]>(comment)).mentions).toEqual([
      { userId: chidi.user.user_id, username: chidi.member.username },
    ]);
    // A comment's mention does not put the post on that member's profile.
    expect(await postIds(chidi, `?authorId=${chidi.user.user_id}`)).not.toContain(post.id);
  });

  it('the review routes: only the member mentioned, the same answer twice, never the other one after', async () => {
    await savePrivacy(chidi, { tagReview: true }, async () => {
      // Applied once a new mention of Chidi comes out pending.
      const probe = await createPost(ada, `probe @${chidi.member.username}`);
      return probe.mentions.length === 0;
    });
    const post = await createPost(ada, `Thanks @${chidi.member.username}!`);
    expect(post.mentions).toEqual([]);
    const pending = await body<PendingMention[]>(await api('/api/posts/mentions/pending', auth(chidi.token)));
    const mine = pending.find((m) => m.postId === post.id)!;
    expect(mine).toMatchObject({ commentId: null, actor: { id: ada.user.user_id }, excerpt: `Thanks @${chidi.member.username}!` });
    expect(await postIds(bola, `?authorId=${chidi.user.user_id}`)).not.toContain(post.id);

    expect((await review(null, mine.mentionId, 'approve')).status).toBe(401);
    const other = await review(bola, mine.mentionId, 'approve');
    expect([other.status, (await body<{ message: string }>(other)).message]).toEqual([403, mentionTexts.notYours]);
    const unknown = await review(chidi, 999_999_999_999, 'approve');
    expect([unknown.status, (await body<{ message: string }>(unknown)).message]).toEqual([404, mentionTexts.notFound]);
    expect((await review(chidi, 'nope', 'decline')).status).toBe(404);

    for (let i = 0; i < 2; i++) {
      const approved = await review(chidi, mine.mentionId, 'approve');
      expect([approved.status, await body<MentionReviewAnswer>(approved)]).toEqual([
        200,
        { mentionId: mine.mentionId, status: 'approved' },
      ]);
    }
    const late = await review(chidi, mine.mentionId, 'decline');
    expect([late.status, await body(late)]).toEqual([
      409,
      { error: mentionTexts.alreadyApproved, message: mentionTexts.alreadyApproved, code: 'MENTION_ALREADY_REVIEWED' },
    ]);
    expect((await body<Post>(await api(`/api/posts/${post.id}`, auth(bola.token)))).mentions).toEqual([
      { userId: chidi.user.user_id, username: chidi.member.username },
    ]);
    expect(await postIds(bola, `?authorId=${chidi.user.user_id}`)).toContain(post.id);
  });

  it("a friends-only member's posts answer a stranger like a missing post, everywhere", async () => {
    const post = await createPost(bola, 'for my friends');
    expect((await api('/api/saves', json({ postId: post.id }, chidi.token))).status).toBe(201);
    await savePrivacy(
      bola,
      { profileVisibility: 'friends' },
      async () => (await api(`/api/posts/${post.id}`, auth(chidi.token))).status === 404,
    );
    const missing = await api('/api/posts/999999999999', auth(chidi.token));
    const closed = await api(`/api/posts/${post.id}`, auth(chidi.token));
    expect([closed.status, await body(closed)]).toEqual([404, await body(missing)]);
    expect(
      (await body<{ message: string }>(await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, chidi.token)))).message,
    ).toBe(postTexts.notFound);
    expect(await postIds(chidi, `?authorId=${bola.user.user_id}`)).not.toContain(post.id);
    expect((await body<Post[]>(await api('/api/saves', auth(chidi.token)))).map((p) => p.id)).not.toContain(post.id);
    // The author still sees it.
    expect((await api(`/api/posts/${post.id}`, auth(bola.token))).status).toBe(200);
  });
});
