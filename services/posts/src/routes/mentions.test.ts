import { mentionTexts, MAX_MENTIONS_PER_TEXT, type Post, type PostPage } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { befriend, memberIds, outboxEvents, postPage, postsServiceForFile, registerMember, setPrivacy } from '../test-support.js';

/** `@username` mentions, tag review and the review routes (decision 020, "Mentions and tag review"). */
describe(`mentions (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();
  const ids = (page: PostPage) => page.posts.map((p) => p.id);
  const profile = async (owner: number, viewer: number) => ids(postPage(await file.api.get(`/api/posts?authorId=${owner}`, viewer)));
  const getPost = async (id: number, viewer: number) => (await file.api.get(`/api/posts/${id}`, viewer)).json<Post>();
  const mentionEvents = async (postId: number) =>
    (await outboxEvents(file.svc, 'post.mentioned')).filter((e) => e.payload.postId === postId);
  const reviewedEvents = async (mentionId: number) =>
    (await outboxEvents(file.svc, 'post.mention-reviewed')).filter((e) => e.payload.mentionId === mentionId);

  /** Members with unique usernames (other tests' members share the snapshot); answers [id, username]. */
  async function members<N extends string[]>(...names: N): Promise<{ [K in keyof N]: [number, string] }> {
    const out: [number, string][] = [];
    for (const name of names) {
      const id = nextId();
      const username = `${name}${id}`;
      await registerMember(file.svc, id, username);
      out.push([id, username]);
    }
    return out as { [K in keyof N]: [number, string] };
  }

  it('stores the mentions of a post, links them, announces each, and lists the post on the mentioned profile', async () => {
    const [[ada, adaName], [bola, bolaName], [chidi, chidiName]] = await members('ada', 'bola', 'chidi');
    const text = `Lunch with @${bolaName.toUpperCase()} and @${chidiName}. Not @nobody${ada}, not me @${adaName}, twice @${bolaName}; mail x@${bolaName}.ng`;
    const post = await file.api.createPost(ada, text);
    expect(post.mentions).toEqual([
      { userId: bola, username: bolaName.toUpperCase() },
      { userId: chidi, username: chidiName },
    ]);
    expect(await getPost(post.id, bola)).toMatchObject({ mentions: post.mentions });

    const events = await mentionEvents(post.id);
    // The ids in the names move where the 99th character falls: a cut at a space drops the space.
    const cut = text.slice(0, 99).trimEnd() + '…';
    expect(events.map((e) => e.payload)).toEqual([
      {
        postId: post.id,
        postOwnerId: ada,
        actorId: ada,
        mentionId: expect.any(Number),
        mentionedUserId: bola,
        commentId: null,
        excerpt: cut,
        pending: false,
      },
      {
        postId: post.id,
        postOwnerId: ada,
        actorId: ada,
        mentionId: expect.any(Number),
        mentionedUserId: chidi,
        commentId: null,
        excerpt: cut,
        pending: false,
      },
    ]);
    expect(events[0]).toMatchObject({ aggregateId: String(post.id), actorId: ada, topic: 'posts.post' });

    // A real network shows the posts you are tagged in on your profile, to whoever may see them.
    const stranger = nextId();
    expect(await profile(bola, stranger)).toEqual([post.id]);
    expect(await profile(ada, stranger)).toEqual([post.id]);
    // Approved already (no tag review): approving again is the same answer; declining now is too late.
    const mentionId = events[0]!.payload.mentionId as number;
    expect((await file.api.post(`/api/posts/mentions/${mentionId}/approve`, bola)).json()).toEqual({ mentionId, status: 'approved' });
    const late = await file.api.post(`/api/posts/mentions/${mentionId}/decline`, bola);
    expect([late.statusCode, late.json()]).toEqual([
      409,
      { error: mentionTexts.alreadyApproved, message: mentionTexts.alreadyApproved, code: 'MENTION_ALREADY_REVIEWED' },
    ]);
    expect(await reviewedEvents(mentionId)).toEqual([]);
  });

  it('a member who reviews tags gets a pending mention: not linked, not on their profile, until they approve', async () => {
    const { api, svc } = file;
    const [[ada], [carol, carolName], [dan]] = await members('ada', 'carol', 'dan');
    await setPrivacy(svc, carol, { tagReview: true });
    const post = await api.createPost(ada, `Thanks @${carolName}!`);
    expect(post.mentions).toEqual([]);
    const [event] = await mentionEvents(post.id);
    expect(event!.payload).toMatchObject({ mentionedUserId: carol, pending: true });
    const mentionId = event!.payload.mentionId as number;
    expect(await profile(carol, dan)).toEqual([]);
    expect(await profile(carol, carol)).toEqual([]);

    const pending = await api.get('/api/posts/mentions/pending', carol);
    expect(pending.json()).toEqual([
      {
        mentionId,
        postId: post.id,
        commentId: null,
        actor: { id: ada, username: expect.any(String), name: 'Ada Obi', profileImage: expect.any(String), verified: false },
        excerpt: `Thanks @${carolName}!`,
        createdAt: expect.stringMatching(/Z$/),
      },
    ]);
    expect((await api.get('/api/posts/mentions/pending', dan)).json()).toEqual([]);

    // Roles: anonymous 401, another member 403, an unknown mention 404 (as is a garbage id).
    expect((await api.post(`/api/posts/mentions/${mentionId}/approve`, null)).statusCode).toBe(401);
    const other = await api.post(`/api/posts/mentions/${mentionId}/approve`, dan);
    expect([other.statusCode, other.json().message]).toEqual([403, mentionTexts.notYours]);
    for (const id of ['999999999999', 'abc', '-1']) {
      const res = await api.post(`/api/posts/mentions/${id}/approve`, carol);
      expect([res.statusCode, res.json().message]).toEqual([404, mentionTexts.notFound]);
    }

    const approved = await api.post(`/api/posts/mentions/${mentionId}/approve`, carol);
    expect([approved.statusCode, approved.json()]).toEqual([200, { mentionId, status: 'approved' }]);
    expect((await getPost(post.id, dan)).mentions).toEqual([{ userId: carol, username: carolName }]);
    expect(await profile(carol, dan)).toEqual([post.id]);
    expect((await api.get('/api/posts/mentions/pending', carol)).json()).toEqual([]);
    expect((await reviewedEvents(mentionId)).map((e) => e.payload)).toEqual([
      { postId: post.id, postOwnerId: ada, mentionId, mentionedUserId: carol, approved: true },
    ]);

    // The same answer again changes nothing and announces nothing.
    expect((await api.post(`/api/posts/mentions/${mentionId}/approve`, carol)).json()).toEqual({ mentionId, status: 'approved' });
    expect(await reviewedEvents(mentionId)).toHaveLength(1);
  });

  it('a declined mention stays plain text for good', async () => {
    const { api, svc } = file;
    const [[ada], [carol, carolName]] = await members('ada', 'carol');
    await setPrivacy(svc, carol, { tagReview: true });
    const post = await api.createPost(ada, `@${carolName} look`);
    const mentionId = (await mentionEvents(post.id))[0]!.payload.mentionId as number;
    expect((await api.post(`/api/posts/mentions/${mentionId}/decline`, carol)).json()).toEqual({ mentionId, status: 'declined' });
    expect((await api.post(`/api/posts/mentions/${mentionId}/decline`, carol)).statusCode).toBe(200);
    const late = await api.post(`/api/posts/mentions/${mentionId}/approve`, carol);
    expect([late.statusCode, late.json()]).toEqual([
      409,
      { error: mentionTexts.alreadyDeclined, message: mentionTexts.alreadyDeclined, code: 'MENTION_ALREADY_REVIEWED' },
    ]);
    expect((await getPost(post.id, carol)).mentions).toEqual([]);
    expect(await profile(carol, carol)).toEqual([]);
    expect((await reviewedEvents(mentionId)).map((e) => e.payload.approved)).toEqual([false]);
  });

  it('mentions in comments: linked in the comment, announced with the comment, not on the profile', async () => {
    const { api } = file;
    const [[ada], [bola, bolaName], [chidi]] = await members('ada', 'bola', 'chidi');
    const post = await api.createPost(ada, 'Who is coming?');
    const res = await api.post(`/api/posts/${post.id}/comment`, chidi, { content: `me and @${bolaName}.` });
    expect(res.statusCode).toBe(201);
    expect(res.json().mentions).toEqual([{ userId: bola, username: bolaName }]);
    expect((await getPost(post.id, ada)).comments[0]!.mentions).toEqual([{ userId: bola, username: bolaName }]);
    const [event] = await mentionEvents(post.id);
    expect(event!.payload).toMatchObject({
      postOwnerId: ada,
      actorId: chidi,
      mentionedUserId: bola,
      commentId: res.json().id,
      excerpt: `me and @${bolaName}.`,
      pending: false,
    });
    expect(await profile(bola, bola)).toEqual([]);
  });

  it("the author's mention shows a closed post to the member mentioned; a commenter's cannot", async () => {
    const { api, svc } = file;
    const [[ada], [bola, bolaName], [chidi], [dayo, dayoName]] = await members('ada', 'bola', 'chidi', 'dayo');
    await befriend(svc, ada, chidi);
    await setPrivacy(svc, ada, { profileVisibility: 'friends' });
    const post = await api.createPost(ada, `friends and @${bolaName}`);
    expect((await api.get(`/api/posts/${post.id}`, bola)).statusCode).toBe(200);
    expect((await api.get(`/api/posts/${post.id}`, dayo)).statusCode).toBe(404);
    // Bola's profile lists it for those who may see it (Ada's friends), not for strangers.
    expect(await profile(bola, chidi)).toEqual([post.id]);
    expect(await profile(bola, dayo)).toEqual([]);

    const comment = await api.post(`/api/posts/${post.id}/comment`, chidi, { content: `@${dayoName} see this` });
    expect(comment.json().mentions).toEqual([]);
    expect((await mentionEvents(post.id)).map((e) => e.payload.mentionedUserId)).toEqual([bola]);
    expect((await api.get(`/api/posts/${post.id}`, dayo)).statusCode).toBe(404);
  });

  it("a tagged post is on a closed profile only for the profile's audience", async () => {
    const { api, svc } = file;
    const [[ada], [bola, bolaName], [friend], [stranger]] = await members('ada', 'bola', 'friend', 'stranger');
    await befriend(svc, bola, friend);
    await setPrivacy(svc, bola, { profileVisibility: 'friends' });
    const post = await api.createPost(ada, `hi @${bolaName}`);
    expect(await profile(bola, friend)).toEqual([post.id]);
    expect(await profile(bola, stranger)).toEqual([]);
    expect((await api.get(`/api/posts/${post.id}`, stranger)).statusCode).toBe(200); // Ada's post is open
  });

  it(`at most ${MAX_MENTIONS_PER_TEXT} members per text; a deleted post takes its mentions with it`, async () => {
    const { api, svc } = file;
    const named = await members(...Array.from({ length: MAX_MENTIONS_PER_TEXT + 2 }, () => 'm'));
    const [[ada]] = await members('ada');
    await setPrivacy(svc, named[0]![0], { tagReview: true });
    const post = await api.createPost(ada, named.map(([, name]) => `@${name}`).join(' '));
    const events = await mentionEvents(post.id);
    expect(events.map((e) => e.payload.mentionedUserId)).toEqual(named.slice(0, MAX_MENTIONS_PER_TEXT).map(([id]) => id));
    const rows = await svc.ctx.db.select().from(svc.tables.mentions).where(eq(svc.tables.mentions.postId, post.id));
    expect(rows).toHaveLength(MAX_MENTIONS_PER_TEXT);

    const pendingId = events[0]!.payload.mentionId as number;
    const [first] = named;
    expect((await api.get('/api/posts/mentions/pending', first![0])).json()).toHaveLength(1);
    expect((await api.delete(`/api/posts/${post.id}`, ada)).statusCode).toBe(200);
    expect((await api.get('/api/posts/mentions/pending', first![0])).json()).toEqual([]);
    expect((await api.post(`/api/posts/mentions/${pendingId}/approve`, first![0])).statusCode).toBe(404);
    expect(await profile(named[1]![0], named[1]![0])).toEqual([]);
  });
});
