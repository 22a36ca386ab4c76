import { defaultSiteSettings, groupTexts, postTexts, type Post, type PostPage } from '@kora/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backdate,
  befriend,
  createGroup,
  deleteGroup,
  joinGroup,
  leaveGroup,
  memberIds,
  outboxEvents,
  postPage,
  postsServiceForFile,
  publish,
  registerMember,
} from '../test-support.js';

/**
 * Group posts (decision 021): posting needs an approved member; a private group's posts reach its
 * approved members only, on every path a post reaches anyone; a public group's reach every member;
 * the feed carries the posts of the viewer's groups; the group's owner and admins moderate it.
 */
describe(`group posts (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();
  const ids = (page: PostPage) => page.posts.map((p) => p.id);
  const list = async (url: string, viewer: number) => ids(postPage(await file.api.get(url, viewer)));
  const withFeatures = (features: Partial<typeof defaultSiteSettings.features>) =>
    vi
      .spyOn(file.svc.ctx.siteSettings, 'current')
      .mockReturnValue({ ...defaultSiteSettings, features: { ...defaultSiteSettings.features, ...features } });
  // On the real servers the site-settings topic is shared with the admin service's tests, which
  // switch features: every test here starts with groups on.
  beforeEach(() => void withFeatures({}));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('POST /api/posts with groupId', () => {
    it('publishes into the group for an approved member, with the group on the post and on post.created', async () => {
      const [owner, member] = [nextId(), nextId()];
      const groupId = nextId();
      await createGroup(file.svc, groupId, owner, 'private', 'Lagos "Food" Lovers é');
      await joinGroup(file.svc, groupId, member);
      const post = await file.api.createGroupPost(member, groupId, 'jollof tonight');
      expect(post.group).toEqual({ id: groupId, title: 'Lagos "Food" Lovers é' });
      const [event] = (await outboxEvents(file.svc, 'post.created')).filter((e) => e.payload.postId === post.id);
      expect(event?.payload).toMatchObject({ postId: post.id, postOwnerId: member, groupId });
      // A timeline post has no group, on the post and on its event.
      const own = await file.api.createPost(member, 'on my timeline');
      expect(own.group).toBeNull();
      const [ownEvent] = (await outboxEvents(file.svc, 'post.created')).filter((e) => e.payload.postId === own.id);
      expect(ownEvent?.payload.groupId).toBeNull();
    });

    it('refuses outsiders (403), unknown groups (404) and bad group ids (400), writing nothing', async () => {
      const [owner, outsider] = [nextId(), nextId()];
      const [privateGroup, publicGroup] = [nextId(), nextId()];
      await createGroup(file.svc, privateGroup, owner, 'private');
      await createGroup(file.svc, publicGroup, owner, 'public');
      for (const groupId of [privateGroup, publicGroup]) {
        const res = await file.api.post('/api/posts', outsider, { userId: outsider, content: 'let me in', groupId });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: groupTexts.membersOnlyPosting, message: groupTexts.membersOnlyPosting });
      }
      const unknown = await file.api.post('/api/posts', owner, { userId: owner, content: 'hello?', groupId: nextId() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: postTexts.groupInvalid, message: postTexts.groupInvalid });
      for (const groupId of [0, -3, 'abc', 1.5]) {
        const res = await file.api.post('/api/posts', owner, { userId: owner, content: 'bad id', groupId });
        expect(res.statusCode, String(groupId)).toBe(400);
        expect(res.json().error, String(groupId)).toBe(postTexts.groupInvalid);
      }
      expect(await list(`/api/groups/${privateGroup}/posts`, owner)).toEqual([]);
      expect(await list(`/api/posts?authorId=${outsider}`, outsider)).toEqual([]);
    });

    it('refuses group posts (but not timeline posts) while the site has groups turned off', async () => {
      const owner = nextId();
      const groupId = nextId();
      await createGroup(file.svc, groupId, owner, 'public');
      withFeatures({ groups: false });
      const res = await file.api.post('/api/posts', owner, { userId: owner, content: 'anyone?', groupId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'Groups are turned off on this site.',
        message: 'Groups are turned off on this site.',
        code: 'FEATURE_DISABLED',
      });
      expect((await file.api.get(`/api/groups/${groupId}/posts`, owner)).json().code).toBe('FEATURE_DISABLED');
      expect((await file.api.post('/api/posts', owner, { userId: owner, content: 'still fine' })).statusCode).toBe(201);
    });

    it("keeps a private group's post from an outsider it mentions: plain text, no notification", async () => {
      const [owner, outsider] = [nextId(), nextId()];
      const groupId = nextId();
      await registerMember(file.svc, outsider, `outsider${outsider}`);
      await createGroup(file.svc, groupId, owner, 'private');
      const post = await file.api.createGroupPost(owner, groupId, `look @outsider${outsider}`);
      expect(post.mentions).toEqual([]);
      expect((await outboxEvents(file.svc, 'post.mentioned')).filter((e) => e.payload.postId === post.id)).toEqual([]);
      expect((await file.api.get(`/api/posts/${post.id}`, outsider)).statusCode).toBe(404);
      // In a public group the mention stands: everyone may see the post anyway.
      const open = nextId();
      await createGroup(file.svc, open, owner, 'public');
      const seen = await file.api.createGroupPost(owner, open, `look @outsider${outsider}`);
      expect(seen.mentions).toEqual([{ userId: outsider, username: `outsider${outsider}` }]);
    });
  });

  describe("a private group's posts", () => {
    /** A private group with an owner, a member who saved the post and liked it while in, and the post. */
    async function privateGroupWithPost() {
      const [owner, member, outsider] = [nextId(), nextId(), nextId()];
      const groupId = nextId();
      await createGroup(file.svc, groupId, owner, 'private');
      await joinGroup(file.svc, groupId, member);
      // The outsider is the author's friend: friendship opens the author's timeline, never the group.
      await befriend(file.svc, owner, outsider);
      const post = await file.api.createGroupPost(owner, groupId, 'members only');
      await backdate(file.svc, post.id, new Date('2025-06-01T12:00:00Z'));
      expect((await file.api.post('/api/saves', member, { postId: post.id })).statusCode).toBe(201);
      const mine = await file.api.createGroupPost(member, groupId, 'mine, in the group');
      await backdate(file.svc, mine.id, new Date('2025-06-01T13:00:00Z'));
      return { owner, member, outsider, groupId, post, mine };
    }

    /** Every path a post reaches `viewer` by, and what each answers. */
    async function expectSees(viewer: number, post: Post, groupId: number, sees: boolean, groupPage: 200 | 403 | 404) {
      const { api } = file;
      const missing = await api.get('/api/posts/999999999999', viewer);
      const byId = await api.get(`/api/posts/${post.id}`, viewer);
      if (sees) expect(byId.statusCode).toBe(200);
      else expect([byId.statusCode, byId.json()]).toEqual([404, missing.json()]);
      const page = await api.get(`/api/groups/${groupId}/posts`, viewer);
      expect(page.statusCode, page.body).toBe(groupPage);
      if (groupPage === 200) expect(ids(postPage(page)).includes(post.id)).toBe(sees);
      if (groupPage === 403) expect(page.json()).toMatchObject({ error: groupTexts.membersOnlyPosts, code: 'GROUP_MEMBERS_ONLY' });
      if (groupPage === 404) expect(page.json()).toMatchObject({ error: groupTexts.notFound, code: 'GROUP_NOT_FOUND' });
      expect((await list('/api/posts', viewer)).includes(post.id)).toBe(sees);
      // Group posts live on their group's page, never on a profile.
      expect(await list(`/api/posts?authorId=${post.author.id}`, viewer)).not.toContain(post.id);
      const memories = await api.get('/api/memories?date=2026-06-01', viewer);
      expect(memories.json<Post[]>().some((p) => p.id === post.id)).toBe(sees && viewer === post.author.id);
      const acts = [
        await api.post(`/api/posts/${post.id}/react`, viewer, { reaction: 'like' }),
        await api.post(`/api/posts/${post.id}/comment`, viewer, { content: 'hello' }),
        await api.post(`/api/posts/${post.id}/share`, viewer),
        await api.post('/api/saves', viewer, { postId: post.id }),
      ];
      for (const res of acts) {
        if (sees) expect(res.statusCode, res.body).toBeLessThan(300);
        else expect([res.statusCode, res.json()]).toEqual([404, missing.json()]);
      }
      // Saved now if they may see it (and by the member while still in), and never listed otherwise.
      expect((await list('/api/saves', viewer)).includes(post.id)).toBe(sees);
    }

    it('reach the owner and approved members on every path, and nobody outside, friend of the author or not', async () => {
      const { owner, member, outsider, groupId, post } = await privateGroupWithPost();
      await expectSees(owner, post, groupId, true, 200);
      await expectSees(member, post, groupId, true, 200);
      await expectSees(outsider, post, groupId, false, 403);
      await expectSees(nextId(), post, groupId, false, 403);
      expect((await file.api.get(`/api/groups/${groupId}/posts`, null)).statusCode).toBe(401);
    });

    it('never reach a member whose request is pending, and reach them once approved', async () => {
      const { owner, groupId, post } = await privateGroupWithPost();
      const applicant = nextId();
      // Asking to join changes nothing here: the posts service knows approved members only.
      await file.api.post('/api/saves', applicant, { postId: post.id });
      await publish(
        file.svc,
        'group.join-requested',
        { groupId, userId: applicant, groupTitle: 'g', reviewerIds: [owner] },
        groupId,
        applicant,
      );
      await expectSees(applicant, post, groupId, false, 403);
      await publish(file.svc, 'group.join-approved', { groupId, userId: applicant, groupTitle: 'g', approvedBy: owner }, groupId, owner);
      await joinGroup(file.svc, groupId, applicant);
      await expectSees(applicant, post, groupId, true, 200);
    });

    it('leave a member who left or was removed, their own posts in it included', async () => {
      const { owner, member, groupId, post, mine } = await privateGroupWithPost();
      await leaveGroup(file.svc, groupId, member);
      await expectSees(member, post, groupId, false, 403);
      await expectSees(member, mine, groupId, false, 403);
      await joinGroup(file.svc, groupId, member);
      await expectSees(member, post, groupId, true, 200);
      await leaveGroup(file.svc, groupId, member, owner);
      await expectSees(member, post, groupId, false, 403);
    });

    it('reach nobody once the group is deleted, its owner included', async () => {
      const { owner, member, groupId, post } = await privateGroupWithPost();
      await deleteGroup(file.svc, groupId, owner);
      await expectSees(owner, post, groupId, false, 404);
      await expectSees(member, post, groupId, false, 404);
      const res = await file.api.post('/api/posts', owner, { userId: owner, content: 'still here?', groupId });
      expect([res.statusCode, res.json().error]).toEqual([404, postTexts.groupInvalid]);
    });

    it('open to everyone when the group turns public, and close again when it turns private', async () => {
      const { owner, outsider, groupId, post } = await privateGroupWithPost();
      const state = (privacy: 'public' | 'private') => ({
        groupId,
        ownerId: owner,
        title: `group ${groupId}`,
        description: '',
        picture: null,
        privacy,
        createdAt: new Date().toISOString(),
      });
      await publish(file.svc, 'group.updated', state('public'), groupId, owner);
      await expect.poll(async () => (await file.api.get(`/api/posts/${post.id}`, outsider)).statusCode).toBe(200);
      await publish(file.svc, 'group.updated', state('private'), groupId, owner);
      await expect.poll(async () => (await file.api.get(`/api/posts/${post.id}`, outsider)).statusCode).toBe(404);
    });
  });

  it("a public group's posts reach every member by id and on the group's page, but only its members' feeds", async () => {
    const [owner, member, passerby] = [nextId(), nextId(), nextId()];
    const groupId = nextId();
    await createGroup(file.svc, groupId, owner, 'public', 'Open kitchen');
    await joinGroup(file.svc, groupId, member);
    const post = await file.api.createGroupPost(member, groupId, 'open to all');
    for (const viewer of [owner, member, passerby]) {
      const byId = await file.api.get(`/api/posts/${post.id}`, viewer);
      expect(byId.statusCode).toBe(200);
      expect(byId.json<Post>().group).toEqual({ id: groupId, title: 'Open kitchen' });
      expect(await list(`/api/groups/${groupId}/posts`, viewer)).toEqual([post.id]);
      expect((await file.api.post(`/api/posts/${post.id}/comment`, viewer, { content: 'nice' })).statusCode).toBe(201);
    }
    expect(await list('/api/posts', owner)).toContain(post.id);
    expect(await list('/api/posts', member)).toContain(post.id);
    expect(await list('/api/posts', passerby)).not.toContain(post.id);
  });

  describe('the feed', () => {
    it("merges my groups' posts with my own and my friends', newest first, paging across both", async () => {
      const [me, friend, stranger] = [nextId(), nextId(), nextId()];
      const [mine, theirs] = [nextId(), nextId()];
      await befriend(file.svc, me, friend);
      await createGroup(file.svc, mine, stranger, 'private');
      await joinGroup(file.svc, mine, me);
      await createGroup(file.svc, theirs, friend, 'public');
      const made: number[] = [];
      made.push((await file.api.createPost(me, 'mine')).id);
      made.push((await file.api.createGroupPost(stranger, mine, "a stranger's, in my group")).id);
      made.push((await file.api.createPost(friend, "my friend's")).id);
      const friendsGroupPost = (await file.api.createGroupPost(friend, theirs, "my friend's, in a group I am not in")).id;
      made.push((await file.api.createGroupPost(me, mine, 'mine, in my group')).id);
      made.push((await file.api.createPost(stranger, "a stranger's timeline")).id);
      const expected = [made[3]!, made[2]!, made[1]!, made[0]!];

      expect(await list('/api/posts', me)).toEqual(expected);
      const first = postPage(await file.api.get('/api/posts?limit=2', me));
      expect(ids(first)).toEqual(expected.slice(0, 2));
      const second = postPage(await file.api.get(`/api/posts?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`, me));
      expect(ids(second)).toEqual(expected.slice(2));
      expect(second.nextCursor).toBeNull();
      // A friend's group post is not theirs to put in my feed, and not on their profile.
      expect(await list('/api/posts', me)).not.toContain(friendsGroupPost);
      expect(await list(`/api/posts?authorId=${friend}`, me)).not.toContain(friendsGroupPost);
      // Leaving takes the group's posts out of the feed, mine there too.
      await leaveGroup(file.svc, mine, me);
      expect(await list('/api/posts', me)).toEqual([made[2]!, made[0]!]);
    });
  });

  describe('GET /api/groups/:id/posts', () => {
    it('pages the group newest first, and answers 404 for a group that is not there or an id that is no id', async () => {
      const owner = nextId();
      const groupId = nextId();
      await createGroup(file.svc, groupId, owner, 'public');
      const made: number[] = [];
      for (let i = 0; i < 5; i++) made.push((await file.api.createGroupPost(owner, groupId, `post ${i}`)).id);
      await file.api.createPost(owner, 'not in the group');
      const first = postPage(await file.api.get(`/api/groups/${groupId}/posts?limit=3`, owner));
      expect(ids(first)).toEqual([made[4], made[3], made[2]]);
      const second = postPage(
        await file.api.get(`/api/groups/${groupId}/posts?limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`, owner),
      );
      expect(ids(second)).toEqual([made[1], made[0]]);
      expect(second.nextCursor).toBeNull();
      expect((await file.api.get(`/api/groups/${groupId}/posts?cursor=nonsense`, owner)).json().error).toBe(postTexts.cursorInvalid);
      for (const id of [String(nextId()), 'abc', '0', '-1']) {
        const res = await file.api.get(`/api/groups/${id}/posts`, owner);
        expect(res.statusCode, id).toBe(404);
        expect(res.json(), id).toMatchObject({ error: groupTexts.notFound, code: 'GROUP_NOT_FOUND' });
      }
    });
  });

  describe('moderation by the group', () => {
    it("lets the group's owner and admins delete any post in it; other members and outsiders are refused", async () => {
      const [owner, admin, member, other, outsider] = [nextId(), nextId(), nextId(), nextId(), nextId()];
      const groupId = nextId();
      await createGroup(file.svc, groupId, owner, 'private');
      await joinGroup(file.svc, groupId, admin, 'admin');
      for (const m of [member, other]) await joinGroup(file.svc, groupId, m);
      const [p1, p2] = [await file.api.createGroupPost(member, groupId, 'one'), await file.api.createGroupPost(member, groupId, 'two')];

      const byMember = await file.api.delete(`/api/posts/${p1.id}`, other);
      expect([byMember.statusCode, byMember.json().error]).toEqual([403, postTexts.notAuthor]);
      expect((await file.api.delete(`/api/posts/${p1.id}`, outsider)).statusCode).toBe(404);
      // An admin of the group is no moderator of the author's timeline.
      const timeline = await file.api.createPost(member, 'my own');
      expect((await file.api.delete(`/api/posts/${timeline.id}`, admin)).statusCode).toBe(403);

      expect((await file.api.delete(`/api/posts/${p1.id}`, admin)).json()).toEqual({ message: postTexts.deleted });
      expect((await file.api.delete(`/api/posts/${p2.id}`, owner)).json()).toEqual({ message: postTexts.deleted });
      expect(await list(`/api/groups/${groupId}/posts`, member)).toEqual([]);
      const [event] = (await outboxEvents(file.svc, 'post.deleted')).filter((e) => e.payload.postId === p1.id);
      expect(event).toMatchObject({ actorId: admin, payload: { postOwnerId: member, byModerator: false } });

      // A demoted admin moderates no more.
      const p3 = await file.api.createGroupPost(member, groupId, 'three');
      await joinGroup(file.svc, groupId, admin, 'member');
      expect((await file.api.delete(`/api/posts/${p3.id}`, admin)).statusCode).toBe(403);
    });
  });
});
