/**
 * Settings that take effect, through the gateway, on the distributed and the embedded product:
 * notification switches (PUT /api/settings/notifications), presence with showOnline
 * (PUT /api/settings/privacy, GET /api/presence), and mention notifications with review
 * (privacy tagReview; POST /api/posts/mentions/:id/approve).
 */
import { notificationTexts, type Notification, type Presence } from '@kora/contracts';
import { EVENTUAL_MS, readUntil } from '@kora/testing';
import { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { notificationsOf } from './support/notifications.js';
import { createPost } from './support/posts.js';
import { api, BASE_URL, body } from './support/product.js';

async function putSettings(who: SignedIn, tab: 'notifications' | 'privacy', changes: Record<string, unknown>): Promise<void> {
  const res = await api(`/api/settings/${tab}`, json(changes, who.token, 'PUT'));
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('notification switches', () => {
  let owner: SignedIn;
  let fan: SignedIn;
  beforeAll(async () => {
    [owner, fan] = await Promise.all([signedInMember(), signedInMember()]);
  });

  const like = async (postId: number) =>
    expect((await api(`/api/posts/${postId}/react`, json({ reaction: 'like' }, fan.token))).status).toBe(200);
  const comment = async (postId: number, content: string) =>
    expect((await api(`/api/posts/${postId}/comment`, json({ content }, fan.token))).status).toBeLessThan(300);
  const typesOf = async (who: SignedIn) => (await notificationsOf(who)).map((n) => `${n.type}:${n.meta.postId}`);

  /**
   * Notifications learns of a switch through an event, after the PUT answered: acts on new posts
   * (`act`, then `marker`, which notifies and travels after it on the same key) until one shows the
   * switch applied (no `silenced` notification), then once more, which must be silent too.
   */
  async function untilSilenced(who: SignedIn, silenced: string, marker: string, act: (postId: number) => Promise<void>): Promise<void> {
    const deadline = Date.now() + EVENTUAL_MS;
    let applied = false;
    while (!applied && Date.now() < deadline) {
      const post = await createPost(who, 'Jollof on Sunday');
      await act(post.id);
      const seen = await readUntil(
        () => typesOf(who),
        (t) => t.includes(`${marker}:${post.id}`),
        EVENTUAL_MS,
      );
      applied = !seen.includes(`${silenced}:${post.id}`);
    }
    expect(applied).toBe(true);
    const post = await createPost(who, 'Suya on Monday');
    await act(post.id);
    const seen = await readUntil(
      () => typesOf(who),
      (t) => t.includes(`${marker}:${post.id}`),
      EVENTUAL_MS,
    );
    expect(seen).toContain(`${marker}:${post.id}`);
    expect(seen).not.toContain(`${silenced}:${post.id}`);
  }

  it('with inappLikes off a like makes no notification while a comment still does; back on, likes notify again', async () => {
    await putSettings(owner, 'notifications', { inappLikes: false });
    await untilSilenced(owner, 'post_like', 'post_comment', async (postId) => {
      await like(postId);
      await comment(postId, 'Save me a plate');
    });

    await putSettings(owner, 'notifications', { inappLikes: true });
    const again = await createPost(owner, 'Puff-puff on Tuesday');
    await like(again.id);
    expect(
      await readUntil(
        () => typesOf(owner),
        (t) => t.includes(`post_like:${again.id}`),
        EVENTUAL_MS,
      ),
    ).toContain(`post_like:${again.id}`);
  });

  it('with inappComments off a comment makes no notification', async () => {
    const me = await signedInMember();
    await putSettings(me, 'notifications', { inappComments: false });
    await untilSilenced(me, 'post_comment', 'post_like', async (postId) => {
      await comment(postId, 'Yum');
      await like(postId);
    });
  });
});

describe('presence', () => {
  let ada: SignedIn;
  let bola: SignedIn;
  let tab: LiveSocket | undefined;
  beforeAll(async () => {
    [ada, bola] = await Promise.all([signedInMember(), signedInMember()]);
  });
  afterAll(() => tab?.ws.close());

  const presenceOf = async (viewer: SignedIn, ids: number[]) => {
    const res = await api(`/api/presence?ids=${ids.join(',')}`, auth(viewer.token));
    expect(res.status).toBe(200);
    return body<Presence[]>(res);
  };
  const adaOnlineFor = async (viewer: SignedIn) => (await presenceOf(viewer, [ada.user.user_id]))[0]!.online;

  it('a member with the app open is online to others; hiding it (showOnline off) hides it, and hides others from them', async () => {
    expect(await presenceOf(bola, [ada.user.user_id])).toEqual([{ userId: ada.user.user_id, online: false }]);
    tab = await openSocket(wsUrl(BASE_URL), { authorization: `Bearer ${ada.token}` });
    expect(await readUntil(() => adaOnlineFor(bola), Boolean, EVENTUAL_MS)).toBe(true);

    await putSettings(ada, 'privacy', { showOnline: false });
    expect(
      await readUntil(
        () => adaOnlineFor(bola),
        (online) => !online,
        EVENTUAL_MS,
      ),
    ).toBe(false);
    await putSettings(ada, 'privacy', { showOnline: true });
    expect(await readUntil(() => adaOnlineFor(bola), Boolean, EVENTUAL_MS)).toBe(true);

    // Bola hides his own status: he sees nobody's.
    await putSettings(bola, 'privacy', { showOnline: false });
    expect(
      await readUntil(
        () => adaOnlineFor(bola),
        (online) => !online,
        EVENTUAL_MS,
      ),
    ).toBe(false);
    await putSettings(bola, 'privacy', { showOnline: true });

    tab.ws.close();
    await tab.closed;
    expect(
      await readUntil(
        () => adaOnlineFor(bola),
        (online) => !online,
        EVENTUAL_MS,
      ),
    ).toBe(false);
  });

  it('refuses bad ids with 400 and anonymous callers with 401', async () => {
    for (const ids of ['', 'abc', '1,,2', '0', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const res = await api(`/api/presence?ids=${ids}`, auth(ada.token));
      expect(res.status, ids).toBe(400);
      expect(await res.json()).toMatchObject({
        error: notificationTexts.presenceIdsInvalid,
        message: notificationTexts.presenceIdsInvalid,
      });
    }
    expect((await api('/api/presence?ids=1')).status).toBe(401);
  });
});

describe('mentions', () => {
  it('a mention notifies the member; one they review waits for Approve, and shows the answer', async () => {
    const [author, chidi] = await Promise.all([signedInMember(), signedInMember()]);
    const post = await createPost(author, `Happy birthday @${chidi.user.user_name}!`);
    const mention = async () => (await notificationsOf(chidi)).find((n) => n.type === 'mention' && n.meta.postId === post.id);
    const plain = await readUntil(mention, Boolean, EVENTUAL_MS);
    expect(plain).toMatchObject({ message: notificationTexts.mentionedInPost, actorId: author.user.user_id, meta: { review: null } });

    await putSettings(chidi, 'privacy', { tagReview: true });
    // Posts learns of tagReview through an event: mention again until a mention waits for review.
    const mentionOf = async (postId: number) => (await notificationsOf(chidi)).find((n: Notification) => n.meta.postId === postId);
    let pending: Notification | undefined;
    const deadline = Date.now() + EVENTUAL_MS;
    while (!pending && Date.now() < deadline) {
      const reviewed = await createPost(author, `Lunch with @${chidi.user.user_name}`);
      const made = await readUntil(() => mentionOf(reviewed.id), Boolean, EVENTUAL_MS);
      if (made?.meta.review === 'pending') pending = made;
    }
    expect(pending!.meta).toMatchObject({ review: 'pending', mentionId: expect.any(Number) });
    const res = await api(`/api/posts/mentions/${pending!.meta.mentionId}/approve`, json({}, chidi.token));
    expect(res.status).toBe(200);
    const settled = await readUntil(
      async () => (await notificationsOf(chidi)).find((n) => n.id === pending!.id),
      (n) => n?.meta.review === 'approved',
      EVENTUAL_MS,
    );
    expect(settled!.meta.review).toBe('approved');
  });
});
