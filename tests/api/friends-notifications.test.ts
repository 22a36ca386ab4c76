/**
 * Friends and notifications through the gateway, in whichever mode the harness started, across
 * services: a friend request becomes a notification, accepting it makes the friend's posts appear
 * in the feed (posts follows the friend graph through events), a like and a comment become
 * notifications, and the read state belongs to its owner only.
 */
import { friendTexts, type FriendRequest, type Notification, type Post, type Relation } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { notificationsOf, unreadOf } from './support/notifications.js';
import { createPost } from './support/posts.js';
import { api, body, MODE } from './support/product.js';

const relation = async (who: SignedIn, other: SignedIn) =>
  body<Relation>(await api(`/api/friends/relation/${other.user.user_id}`, auth(who.token)));

describe(`friends and notifications through the gateway (${MODE})`, () => {
  let ada: SignedIn;
  let bola: SignedIn;
  let chidi: SignedIn;

  beforeAll(async () => {
    [ada, bola, chidi] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
  });

  it('refuses anonymous callers on every friends and notifications route', async () => {
    const calls: [string, RequestInit][] = [
      ['/api/friends/requests', json({ toUserId: 1 })],
      ['/api/friends/requests', {}],
      ['/api/friends/requests/1', { method: 'PUT', body: '{}' }],
      ['/api/friends/requests/1', { method: 'DELETE' }],
      ['/api/friends/list', {}],
      ['/api/friends/suggestions', {}],
      ['/api/friends/1', { method: 'DELETE' }],
      ['/api/notifications', {}],
      ['/api/notifications/unread-count', {}],
      ['/api/notifications/mark-read', json({ ids: [1] })],
      ['/api/notifications/mark-all-read', { method: 'POST' }],
      ['/api/notifications/mark-seen', { method: 'POST' }],
    ];
    for (const [path, init] of calls) expect((await api(path, init)).status, `${init.method ?? 'GET'} ${path}`).toBe(401);
  });

  it('sends, notifies, accepts, and then the feed shows the new friend’s posts and likes notify', async () => {
    // The members are known to the friends service once auth's events arrived.
    const sent = await readUntil(
      () => api('/api/friends/requests', json({ toUserId: bola.user.user_id }, ada.token)),
      (res) => res.status !== 404,
    );
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { request, message } = await body<{ request: FriendRequest; message: string }>(sent);
    expect(message).toBe(friendTexts.requestSent);
    expect(request).toMatchObject({ fromUserId: ada.user.user_id, toUserId: bola.user.user_id, status: 0 });

    const twice = await api('/api/friends/requests', json({ toUserId: bola.user.user_id }, ada.token));
    expect(twice.status).toBe(409);
    expect((await body<{ message: string }>(twice)).message).toBe(friendTexts.alreadyRequested);
    expect((await api('/api/friends/requests', json({ toUserId: ada.user.user_id }, ada.token))).status).toBe(400);
    expect(await relation(ada, bola)).toMatchObject({ status: 'requested', requestId: request.id });
    expect(await relation(bola, ada)).toMatchObject({ status: 'incoming', requestId: request.id });

    const incoming = await body<FriendRequest[]>(await api('/api/friends/requests', auth(bola.token)));
    expect(incoming.map((r) => r.id)).toContain(request.id);
    // Members are named by their display name (first and last name) beside the username (decision 025).
    expect(incoming.find((r) => r.id === request.id)).toMatchObject({
      fromUsername: ada.user.user_name,
      fromName: 'Ada Obi',
      toName: 'Ada Obi',
    });
    const requestNote = await readUntil(
      () => notificationsOf(bola),
      (list) => list.some((n) => n.type === 'friend_request'),
    );
    expect(requestNote.find((n) => n.type === 'friend_request')).toMatchObject({ actorId: ada.user.user_id, entityId: request.id });

    // Only the recipient answers; a stranger cannot even see the request.
    expect((await api(`/api/friends/requests/${request.id}`, json({ action: 'accepted' }, ada.token, 'PUT'))).status).toBe(403);
    expect((await api(`/api/friends/requests/${request.id}`, json({ action: 'accepted' }, chidi.token, 'PUT'))).status).toBe(404);
    const accepted = await api(`/api/friends/requests/${request.id}`, json({ action: 'accepted' }, bola.token, 'PUT'));
    expect(await body(accepted)).toEqual({ message: friendTexts.requestAccepted });
    const friends = await body<{ id: number; user_name: string; name: string }[]>(await api('/api/friends/list', auth(ada.token)));
    expect(friends).toContainEqual(expect.objectContaining({ id: bola.user.user_id, user_name: bola.user.user_name, name: 'Ada Obi' }));
    const acceptNote = await readUntil(
      () => notificationsOf(ada),
      (list) => list.some((n) => n.type === 'friend_accept'),
    );
    expect(acceptNote.find((n) => n.type === 'friend_accept')?.actorId).toBe(bola.user.user_id);

    // The posts service follows the friend graph: Ada's post reaches Bola's feed.
    const post = await createPost(ada, 'Hello, new friend');
    const feed = await readUntil(
      async () => body<Post[]>(await api('/api/posts', auth(bola.token))),
      (posts) => posts.some((p) => p.id === post.id),
    );
    expect(feed.map((p) => p.id)).toContain(post.id);
    expect(feed.find((p) => p.id === post.id)?.author).toMatchObject({ username: ada.user.user_name, name: 'Ada Obi' });

    // A like and a comment become Ada's notifications; her own like does not.
    const before = await unreadOf(ada);
    await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, bola.token));
    await api(`/api/posts/${post.id}/comment`, json({ content: 'Welcome!' }, bola.token));
    await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, ada.token));
    const list = await readUntil(
      () => notificationsOf(ada),
      (l) => l.filter((n) => n.meta.postId === post.id).length >= 2,
    );
    const aboutPost = list.filter((n) => n.meta.postId === post.id);
    expect(aboutPost.map((n) => n.type).sort()).toEqual(['post_comment', 'post_like']);
    expect(aboutPost.every((n) => n.actorName === 'Ada Obi')).toBe(true); // Bola's display name, not the username
    expect(aboutPost.every((n: Notification) => n.actorId === bola.user.user_id && n.readAt === null)).toBe(true);
    expect(await unreadOf(ada)).toBe(before + 2);

    // Read state is the owner's: Bola's attempt changes nothing, Ada's marks them read.
    const ids = aboutPost.map((n) => n.id);
    expect(await body(await api('/api/notifications/mark-read', json({ ids }, bola.token)))).toMatchObject({ updated: 0 });
    expect(await body(await api('/api/notifications/mark-read', json({ ids }, ada.token)))).toMatchObject({ updated: 2 });
    expect(await unreadOf(ada)).toBe(before);
    expect(await body(await api('/api/notifications/mark-all-read', { method: 'POST', ...auth(ada.token) }))).toMatchObject({ unread: 0 });
    expect(await unreadOf(ada)).toBe(0);

    // Unfriending takes Ada's posts out of Bola's feed again.
    expect((await api(`/api/friends/${ada.user.user_id}`, { method: 'DELETE', ...auth(bola.token) })).status).toBe(200);
    expect(await relation(bola, ada)).toMatchObject({ status: 'none' });
    const after = await readUntil(
      async () => body<Post[]>(await api('/api/posts', auth(bola.token))),
      (posts) => !posts.some((p) => p.id === post.id),
    );
    expect(after.map((p) => p.id)).not.toContain(post.id);
  }, 60_000);

  it('lets the sender cancel a request, and suggests friends of friends', async () => {
    const sent = await readUntil(
      () => api('/api/friends/requests', json({ toUserId: chidi.user.user_id }, bola.token)),
      (res) => res.status !== 404,
    );
    const { request } = await body<{ request: FriendRequest }>(sent);
    expect((await api(`/api/friends/requests/${request.id}`, { method: 'DELETE', ...auth(chidi.token) })).status).toBe(403);
    expect(await body(await api(`/api/friends/requests/${request.id}`, { method: 'DELETE', ...auth(bola.token) }))).toEqual({
      message: friendTexts.requestCancelled,
    });
    expect(await relation(bola, chidi)).toMatchObject({ status: 'none', requestId: null });

    const suggestions = await body<{ id: number }[]>(await api('/api/friends/suggestions', auth(chidi.token)));
    expect(suggestions.map((s) => s.id)).not.toContain(chidi.user.user_id);
  });
});
