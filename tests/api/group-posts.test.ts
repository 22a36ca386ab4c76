/**
 * Group posts through the gateway, with the real groups service (decision 021): a private group's
 * posts are refused to outsiders by every path a post reaches anyone, reach a member once approved,
 * leave them when they leave; a public group's reach everyone; the posts of a member's groups are
 * in their home feed. Posts learns of groups and members from the groups service's events, so
 * every change is waited for, never assumed.
 */
import { groupTexts, postTexts, type GroupDetail, type Post } from '@kora/contracts';
import { EVENTUAL_MS, readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, signedInMember, type SignedIn } from './support/members.js';
import { api, body, MODE } from './support/product.js';

const call = (who: SignedIn, path: string, method = 'GET', payload?: unknown): Promise<Response> =>
  payload === undefined && method !== 'POST'
    ? api(path, { method, headers: { authorization: `Bearer ${who.token}` } })
    : api(path, json(payload ?? {}, who.token, method));

async function ok<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return body<T>(res);
}

const createGroup = async (owner: SignedIn, title: string, privacy: 'public' | 'private') =>
  ok<GroupDetail>(await call(owner, '/api/groups', 'POST', { title, privacy }), 201);

/** Posts into the group once the posts service has heard of it (until then: 404, nothing written). */
async function postInGroup(who: SignedIn, groupId: number, content: string): Promise<Post> {
  const attempt = () => call(who, '/api/posts', 'POST', { userId: who.user.user_id, content, groupId });
  const res = await readUntil(attempt, (r) => r.status !== 404, EVENTUAL_MS);
  return ok<Post>(res, 201);
}

const ids = async (res: Response) => (await ok<Post[]>(res)).map((p) => p.id);
const feedOf = async (who: SignedIn) => ids(await call(who, '/api/posts?limit=50'));

/** What each path a post reaches `who` by answers for `post`. */
async function paths(who: SignedIn, post: Post, groupId: number) {
  const byId = await call(who, `/api/posts/${post.id}`);
  const page = await call(who, `/api/groups/${groupId}/posts`);
  return {
    byId: byId.status,
    page: page.status,
    onPage: page.status === 200 && (await ids(page)).includes(post.id),
    inFeed: (await feedOf(who)).includes(post.id),
  };
}
const seeing = { byId: 200, page: 200, onPage: true, inFeed: true };
const refusedPrivate = { byId: 404, page: 403, onPage: false, inFeed: false };

describe(`group posts through the gateway (${MODE})`, () => {
  let ada: SignedIn;
  let bola: SignedIn;
  let chidi: SignedIn;
  beforeAll(async () => {
    [ada, bola, chidi] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
  });

  it("refuses a private group's posts to outsiders by every path, shows them after approval, and takes them away on leaving", async () => {
    const group = await createGroup(ada, 'Ada’s Kitchen Club', 'private');
    const groupId = group.group_id;
    const post = await postInGroup(ada, groupId, 'Members only: the jollof recipe');
    expect(post.group).toEqual({ id: groupId, title: 'Ada’s Kitchen Club' });
    expect(await paths(ada, post, groupId)).toEqual(seeing);

    // An outsider may not post there, nor see anything of it.
    const outsiderPost = await call(bola, '/api/posts', 'POST', { userId: bola.user.user_id, content: 'hi', groupId });
    expect(outsiderPost.status).toBe(403);
    expect(await outsiderPost.json()).toMatchObject({ error: groupTexts.membersOnlyPosting });
    expect(await paths(bola, post, groupId)).toEqual(refusedPrivate);
    const page = await call(bola, `/api/groups/${groupId}/posts`);
    expect(await page.json()).toMatchObject({ error: groupTexts.membersOnlyPosts, message: groupTexts.membersOnlyPosts });
    for (const [path, payload] of [
      [`/api/posts/${post.id}/react`, { reaction: 'like' }],
      [`/api/posts/${post.id}/comment`, { content: 'let me in' }],
      [`/api/posts/${post.id}/share`, undefined],
      ['/api/saves', { postId: post.id }],
    ] as const) {
      const res = await call(bola, path, 'POST', payload);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error, path).toBe(postTexts.notFound);
    }
    // Not on the author's profile either (group posts live on their group's page).
    expect(await ids(await call(bola, `/api/posts?authorId=${ada.user.user_id}`))).not.toContain(post.id);

    // Asking to join changes nothing until the request is approved.
    await ok(await call(bola, `/api/groups/${groupId}/join`, 'POST'));
    expect(await paths(bola, post, groupId)).toEqual(refusedPrivate);
    await ok(await call(ada, `/api/groups/${groupId}/requests/${bola.user.user_id}/approve`, 'POST'));
    expect(
      await readUntil(
        () => paths(bola, post, groupId),
        (p) => p.byId === 200,
        EVENTUAL_MS,
      ),
    ).toEqual(seeing);
    expect((await call(bola, `/api/posts/${post.id}/comment`, 'POST', { content: 'Thank you!' })).status).toBe(201);
    const own = await postInGroup(bola, groupId, 'Glad to be here');
    expect(await ids(await call(ada, `/api/groups/${groupId}/posts`))).toEqual([own.id, post.id]);

    // Leaving: the group's posts go, their own there too.
    await ok(await call(bola, `/api/groups/${groupId}/leave`, 'DELETE'));
    expect(
      await readUntil(
        () => paths(bola, post, groupId),
        (p) => p.byId === 404,
        EVENTUAL_MS,
      ),
    ).toEqual(refusedPrivate);
    expect((await call(bola, `/api/posts/${own.id}`)).status).toBe(404);
  });

  it("shows a public group's posts to every member, and puts a group's posts in its members' home feeds only", async () => {
    const group = await createGroup(chidi, 'Lagos Runners', 'public');
    const groupId = group.group_id;
    const post = await postInGroup(chidi, groupId, 'Saturday 6am at Bar Beach');
    expect(await ids(await call(ada, `/api/groups/${groupId}/posts`))).toEqual([post.id]);
    expect((await call(ada, `/api/posts/${post.id}`)).status).toBe(200);
    expect(await feedOf(ada)).not.toContain(post.id);

    await ok(await call(ada, `/api/groups/${groupId}/join`, 'POST'));
    expect(
      await readUntil(
        () => feedOf(ada),
        (feed) => feed.includes(post.id),
        EVENTUAL_MS,
      ),
    ).toContain(post.id);
    expect(await feedOf(chidi)).toContain(post.id);
  });

  it('answers 404 for a group that is not there, and 401 to anonymous callers', async () => {
    const res = await call(ada, '/api/groups/999999999999/posts');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: groupTexts.notFound, message: groupTexts.notFound });
    expect((await api('/api/groups/1/posts')).status).toBe(401);
  });
});
