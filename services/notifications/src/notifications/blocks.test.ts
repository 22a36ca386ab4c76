/**
 * Blocks in notifications (decision 036): nothing one member of a blocked pair does reaches the
 * other, whoever blocked; earlier notifications between them leave the list and the unread count
 * (and come back on unblock); presence shows them offline to each other.
 */
import { friendPairKey } from '@kora/contracts';
import { isBlockedBetween } from '@kora/platform/service';
import { eventually } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverFriendRequest,
  announcedTo,
  client,
  deliver,
  like,
  listenForSockets,
  listOf,
  memberIds,
  openSocket,
  registerMember,
  rowsOf,
  someId,
  startNotifications,
  type LiveSocket,
  type NotificationsTestService,
} from '../test-support.js';

describe(`blocks in notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  let api: ReturnType<typeof client>;
  let wsUrl: string;
  const sockets: LiveSocket[] = [];
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startNotifications();
    api = client(svc);
    wsUrl = await listenForSockets(svc);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await svc?.close();
  });

  const announce = async (type: 'member.blocked' | 'member.unblocked', blockerId: number, blockedId: number) => {
    await deliver(svc, type, { blockerId, blockedId }, friendPairKey(blockerId, blockedId), blockerId);
    expect(await isBlockedBetween(svc.ctx.db, svc.tables.blocks, blockerId, blockedId)).toBe(type === 'member.blocked');
  };
  const pair = async () => {
    const [a, b] = [nextId(), nextId()];
    await registerMember(svc, a);
    await registerMember(svc, b);
    return [a, b] as const;
  };
  const unread = async (userId: number) => (await api.get('/api/notifications/unread-count', userId)).json<{ count: number }>().count;

  it('makes no notification of any kind between a blocked pair, either way, and announces none live', async () => {
    const [blocker, blocked] = await pair();
    await announce('member.blocked', blocker, blocked);
    const postId = someId();
    const groupId = someId();
    // Every kind of event where one of them acts and the other would be told.
    for (const [actor, recipient] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      await like(svc, recipient, actor);
      await deliver(
        svc,
        'post.commented',
        { postId, postOwnerId: recipient, actorId: actor, commentId: someId(), excerpt: 'hi' },
        postId,
        actor,
      );
      await deliverFriendRequest(svc, actor, recipient);
      await deliver(
        svc,
        'friend-request.accepted',
        { fromUserId: recipient, toUserId: actor, requestId: someId() },
        friendPairKey(actor, recipient),
        actor,
      );
      await deliver(svc, 'reel.liked', { reelId: someId(), authorId: recipient, actorId: actor }, someId(), actor);
      await deliver(
        svc,
        'group.join-requested',
        { groupId, userId: actor, groupTitle: 'Lagos runners', reviewerIds: [recipient] },
        groupId,
        actor,
      );
      await deliver(
        svc,
        'group.join-approved',
        { groupId, userId: recipient, groupTitle: 'Lagos runners', approvedBy: actor },
        groupId,
        actor,
      );
    }
    expect(await rowsOf(svc, blocker)).toEqual([]);
    expect(await rowsOf(svc, blocked)).toEqual([]);
    expect(await announcedTo(svc, blocker)).toEqual([]);
    expect(await announcedTo(svc, blocked)).toEqual([]);
    // A third member still reaches both.
    const other = nextId();
    await like(svc, blocker, other);
    await like(svc, blocked, other);
    expect((await rowsOf(svc, blocker)).length).toBe(1);
    expect((await rowsOf(svc, blocked)).length).toBe(1);
  });

  it('hides earlier notifications from the blocked member in the list and the count, and shows them again on unblock', async () => {
    const [blocker, blocked] = await pair();
    const other = nextId();
    await like(svc, blocker, blocked);
    await like(svc, blocked, blocker);
    await like(svc, blocker, other);
    expect((await listOf(api, blocker)).map((n) => n.actorId)).toEqual([other, blocked]);
    expect(await unread(blocker)).toBe(2);

    await announce('member.blocked', blocker, blocked);
    expect((await listOf(api, blocker)).map((n) => n.actorId)).toEqual([other]);
    expect(await unread(blocker)).toBe(1);
    expect(await listOf(api, blocked)).toEqual([]);
    expect(await unread(blocked)).toBe(0);
    // A replay changes nothing; the unblock brings them back (they were never deleted).
    await announce('member.blocked', blocker, blocked);
    await announce('member.unblocked', blocker, blocked);
    expect((await listOf(api, blocker)).map((n) => n.actorId)).toEqual([other, blocked]);
    expect((await listOf(api, blocked)).map((n) => n.actorId)).toEqual([blocker]);
  });

  it('shows a blocked pair offline to each other, and to nobody else', async () => {
    const [blocker, blocked] = await pair();
    const other = nextId();
    for (const id of [blocker, blocked]) sockets.push(await openSocket(wsUrl, svc.as({ userId: id })));
    const online = async (viewer: number, id: number) =>
      (await api.get(`/api/presence?ids=${id}`, viewer)).json<{ online: boolean }[]>()[0]!.online;
    await eventually(async () => (await online(blocker, blocked)) && (await online(blocked, blocker)));
    await announce('member.blocked', blocker, blocked);
    expect(await online(blocker, blocked)).toBe(false);
    expect(await online(blocked, blocker)).toBe(false);
    expect(await online(other, blocked)).toBe(true);
    expect(await online(other, blocker)).toBe(true);
  });
});
