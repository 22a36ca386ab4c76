import { DEFAULT_AVATAR, friendPairKey, notificationMessage, topicOf, type Notification } from '@kora/contracts';
import { buildEnvelope, consumeMessage } from '@kora/platform';
import { testLog } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsConsumers } from '../events/subscriptions.js';
import {
  deliverFriendRequest,
  client,
  createdEvents,
  deliver,
  like,
  memberIds,
  registerMember,
  rowsOf,
  snapshot,
  someId,
  startNotifications,
  type NotificationsTestService,
} from '../test-support.js';

describe(`notifications from events (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startNotifications();
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const list = async (userId: number) => (await api.get('/api/notifications', userId)).json<Notification[]>();

  it('post.liked: a post_like for the owner, with the actor from the projection, announced in the same transaction', async () => {
    const [owner, actor] = [nextId(), nextId()];
    await registerMember(svc, actor, { firstname: 'Chidi', lastname: 'Okeke', profileImage: '/uploads/profile/chidi.webp' });
    const postId = someId();
    const event = await like(svc, owner, actor, postId);

    const [n] = await list(owner);
    expect(n).toMatchObject({
      type: 'post_like',
      actorId: actor,
      actorName: 'Chidi Okeke',
      actorAvatar: '/uploads/profile/chidi.webp',
      entityType: 'post',
      entityId: postId,
      message: 'liked your post',
      meta: { postId, groupId: null },
      createdAt: event.occurredAt,
      readAt: null,
      seenAt: null,
    });
    const announced = (await createdEvents(svc)).filter((e) => e.payload.recipientId === owner);
    expect(announced).toHaveLength(1);
    expect(announced[0]!.payload.notification).toEqual(n);
  });

  it('post.commented: a post_comment whose message carries the excerpt', async () => {
    const [owner, actor] = [nextId(), nextId()];
    const postId = someId();
    await deliver(
      svc,
      'post.commented',
      { postId, postOwnerId: owner, actorId: actor, commentId: someId(), excerpt: 'Nice one!' },
      postId,
      actor,
    );
    const [n] = await list(owner);
    expect(n).toMatchObject({ type: 'post_comment', entityType: 'post', entityId: postId, meta: { postId, groupId: null } });
    expect(n!.message).toBe(notificationMessage('post_comment', 'Nice one!'));
    expect(n!.message).toBe('commented on your post: "Nice one!"');
  });

  it('friend-request.sent: a friend_request for the recipient; accepted: a friend_accept for the sender', async () => {
    const [from, to] = [nextId(), nextId()];
    await registerMember(svc, to, { firstname: ' ', lastname: '', username: 'tunde' });
    const requestId = someId();
    await deliverFriendRequest(svc, from, to, requestId);
    expect(await list(to)).toMatchObject([
      {
        type: 'friend_request',
        actorId: from,
        entityType: 'friend_request',
        entityId: requestId,
        message: 'sent you a friend request',
        meta: { postId: null, groupId: null },
      },
    ]);

    await deliver(svc, 'friend-request.accepted', { fromUserId: from, toUserId: to, requestId }, friendPairKey(from, to), to);
    // Blank first and last names: the username stands in.
    expect(await list(from)).toMatchObject([
      { type: 'friend_accept', actorId: to, actorName: 'tunde', entityType: 'user', entityId: to, message: 'accepted your friend request' },
    ]);
  });

  it('makes none for your own actions', async () => {
    const me = nextId();
    const postId = someId();
    await like(svc, me, me, postId);
    await deliver(svc, 'post.commented', { postId, postOwnerId: me, actorId: me, commentId: someId(), excerpt: 'me' }, postId, me);
    expect(await rowsOf(svc, me)).toEqual([]);
  });

  it('friend-request.cancelled removes the unread request notification, and keeps a read one', async () => {
    const [from, to, other] = [nextId(), nextId(), nextId()];
    const [first, second] = [someId(), someId()];
    await deliverFriendRequest(svc, from, to, first);
    await deliverFriendRequest(svc, other, to, second);
    await deliver(svc, 'friend-request.cancelled', { fromUserId: from, toUserId: to, requestId: first }, friendPairKey(from, to), from);
    expect((await rowsOf(svc, to)).map((r) => r.entityId)).toEqual([second]);

    const [kept] = await rowsOf(svc, to);
    await api.post('/api/notifications/mark-read', to, { ids: [kept!.id] });
    await deliver(svc, 'friend-request.cancelled', { fromUserId: other, toUserId: to, requestId: second }, friendPairKey(other, to), other);
    expect((await rowsOf(svc, to)).map((r) => r.entityId)).toEqual([second]);
  });

  it('stores one notification however often the event comes (processed record, then the unique source id)', async () => {
    const [owner, actor] = [nextId(), nextId()];
    const postId = someId();
    const envelope = buildEnvelope({
      type: 'post.liked',
      aggregateId: postId,
      actorId: actor,
      payload: { postId, postOwnerId: owner, actorId: actor },
    });
    const message = { topic: topicOf('post.liked'), key: String(postId), value: JSON.stringify(envelope) };
    await svc.adapters.bus.publish([message, message]);
    await deliver(svc, 'post.liked', { postId: someId(), postOwnerId: nextId(), actorId: actor }, postId, actor); // same key: handled after both copies
    expect(await rowsOf(svc, owner)).toHaveLength(1);

    // A consumer that lost its processed-events record (another group name) still stores nothing new.
    const options = {
      group: 'notifications.replay-test',
      handlers: notificationsConsumers(svc.handle)[0]!.handlers,
      db: svc.ctx.db,
      tables: svc.ctx.tables,
      bus: svc.adapters.bus,
      log: testLog,
    };
    expect(await consumeMessage(options, message)).toBe('processed');
    expect(await rowsOf(svc, owner)).toHaveLength(1);
    expect((await createdEvents(svc)).filter((e) => e.payload.recipientId === owner)).toHaveLength(1);
  });

  it("shows the actor's current name after user.updated, the default avatar when theirs is empty, a stand-in before any snapshot", async () => {
    const [owner, actor, stranger] = [nextId(), nextId(), nextId()];
    await registerMember(svc, actor, { firstname: 'Old', lastname: 'Name' });
    await like(svc, owner, actor);
    await like(svc, owner, stranger);
    await deliver(svc, 'user.updated', snapshot(actor, { firstname: 'New', lastname: 'Name', profileImage: '' }), actor, actor);
    const [fromStranger, fromActor] = await list(owner);
    expect(fromActor).toMatchObject({ actorName: 'New Name', actorAvatar: DEFAULT_AVATAR });
    expect(fromStranger).toMatchObject({ actorId: stranger, actorName: `member${stranger}`, actorAvatar: DEFAULT_AVATAR });
  });
});
