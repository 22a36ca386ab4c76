import { topicOf, type NotificationSettings, type NotificationSwitch, type NotificationType } from '@kora/contracts';
import { buildEnvelope } from '@kora/platform/service';
import { eventually, processed } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { switchOf } from '../rules/wants-notification.js';
import {
  createdEvents,
  deliver,
  like,
  memberIds,
  rowsOf,
  sendMessage,
  setNotificationSettings,
  someId,
  startNotifications,
  type NotificationsTestService,
} from '../test-support.js';

describe('switchOf', () => {
  it('maps every type to the switch its name promises; group and payment types by family; others to none', () => {
    expect(
      Object.fromEntries(
        (['post_like', 'reel_like', 'post_comment', 'mention', 'friend_request', 'friend_accept'] as const).map((t) => [t, switchOf(t)]),
      ),
    ).toEqual({
      post_like: 'inappLikes',
      reel_like: 'inappLikes',
      post_comment: 'inappComments',
      mention: 'inappMentions',
      friend_request: 'inappFriendRequests',
      friend_accept: 'inappFriendRequests',
    });
    expect(switchOf('group_join_request')).toBe('inappGroupActivity');
    expect(switchOf('group_join_approved')).toBe('inappGroupActivity');
    expect(switchOf('group_post')).toBe('inappGroupActivity');
    expect(switchOf('payment')).toBe('inappPayments');
    expect(switchOf('payment_received')).toBe('inappPayments');
    expect(switchOf('something_else')).toBeNull();
  });
});

/** A wallet movement of `type` as wallet announces it (a top-up by card, or a VIP purchase). */
function walletMovement(userId: number, type: 'top_up' | 'package_purchase') {
  const topUp = type === 'top_up';
  return {
    userId,
    transactionId: someId(),
    type,
    amountKobo: 605_000,
    balanceKobo: 0,
    reference: topUp ? `ref-${someId()}` : null,
    packageId: topUp ? null : ('vip' as const),
    createdAt: new Date().toISOString(),
  };
}

describe(`notification switches (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startNotifications();
  });
  afterAll(async () => {
    await svc?.close();
  });

  /** Each event a notification of `type` for `me` comes from, sent by a new actor. */
  const cause: Record<NotificationType, (me: number) => Promise<unknown>> = {
    post_like: (me) => like(svc, me, nextId()),
    post_comment: (me) => {
      const postId = someId();
      return deliver(svc, 'post.commented', { postId, postOwnerId: me, actorId: nextId(), commentId: someId(), excerpt: 'Nice' }, postId);
    },
    mention: (me) => {
      const postId = someId();
      const payload = {
        postId,
        postOwnerId: nextId(),
        actorId: nextId(),
        mentionId: someId(),
        mentionedUserId: me,
        commentId: null,
        excerpt: 'hi',
        pending: false,
      };
      return deliver(svc, 'post.mentioned', payload, postId);
    },
    friend_request: (me) => deliver(svc, 'friend-request.sent', { requestId: someId(), fromUserId: nextId(), toUserId: me }, 'pair'),
    friend_accept: (me) => deliver(svc, 'friend-request.accepted', { requestId: someId(), fromUserId: me, toUserId: nextId() }, 'pair'),
    reel_like: (me) => {
      const reelId = someId();
      return deliver(svc, 'reel.liked', { reelId, authorId: me, actorId: nextId() }, reelId);
    },
    reel_comment: (me) => {
      const reelId = someId();
      return deliver(svc, 'reel.commented', { reelId, authorId: me, actorId: nextId(), commentId: someId(), excerpt: 'Nice' }, reelId);
    },
    group_join_request: (me) => {
      const groupId = someId();
      return deliver(svc, 'group.join-requested', { groupId, userId: nextId(), groupTitle: 'Book club', reviewerIds: [me] }, groupId);
    },
    group_join_approved: (me) => {
      const groupId = someId();
      return deliver(svc, 'group.join-approved', { groupId, userId: me, groupTitle: 'Book club', approvedBy: nextId() }, groupId);
    },
    payment: (me) => deliver(svc, 'wallet.credited', walletMovement(me, 'top_up'), me, me),
    payment_package: (me) => deliver(svc, 'wallet.debited', walletMovement(me, 'package_purchase'), me, me),
    report_outcome: (me) => {
      const postId = someId();
      const payload = {
        reportId: someId(),
        reporterId: me,
        targetType: 'post' as const,
        targetId: postId,
        postId,
        status: 'resolved' as const,
        moderation: 'remove' as const,
      };
      return deliver(svc, 'report.closed', payload, payload.reportId, nextId());
    },
    message: (me) => sendMessage(svc, someId(), nextId(), [me]).then(() => undefined),
    archive_ready: (me) =>
      deliver(
        svc,
        'archive.ready',
        { userId: me, downloadUrl: '/api/media/archive/download?token=x', expiresAt: new Date().toISOString(), bytes: 1 },
        me,
        me,
      ),
  };
  /** The switch each type answers to; the outcome of a member's own report has none (decision 024). */
  const switchFor: Record<NotificationType, NotificationSwitch | null> = {
    post_like: 'inappLikes',
    post_comment: 'inappComments',
    reel_like: 'inappLikes',
    reel_comment: 'inappComments',
    mention: 'inappMentions',
    friend_request: 'inappFriendRequests',
    friend_accept: 'inappFriendRequests',
    group_join_request: 'inappGroupActivity',
    group_join_approved: 'inappGroupActivity',
    payment: 'inappPayments',
    payment_package: 'inappPayments',
    report_outcome: null,
    archive_ready: null,
    message: 'inappMessages',
  };
  const types = Object.keys(cause) as NotificationType[];
  const switched = types.filter((t) => switchFor[t] !== null);

  it('with no saved settings (the defaults), every type is stored', async () => {
    const me = nextId();
    for (const type of types) await cause[type](me);
    expect((await rowsOf(svc, me)).map((r) => r.type).sort()).toEqual([...types].sort());
  });

  it.each(switched)('%s: switched off, it is neither stored nor announced; the other types still are', async (type) => {
    const me = nextId();
    await setNotificationSettings(svc, me, { [switchFor[type]!]: false });
    for (const t of types) await cause[t](me);
    const stored = (await rowsOf(svc, me)).map((r) => r.type);
    const expected = types.filter((t) => switchFor[t] !== switchFor[type]);
    expect(stored.sort()).toEqual([...expected].sort());
    const announced = (await createdEvents(svc)).filter((e) => e.payload.recipientId === me).map((e) => e.payload.notification.type);
    expect(announced.sort()).toEqual([...expected].sort());
  });

  it('report_outcome and archive_ready: every switch off, they are still stored and announced', async () => {
    const me = nextId();
    const off = Object.fromEntries(types.flatMap((t) => (switchFor[t] ? [[switchFor[t], false]] : []))) as Partial<NotificationSettings>;
    await setNotificationSettings(svc, me, off);
    for (const t of types) await cause[t](me);
    const always = ['archive_ready', 'report_outcome'];
    expect((await rowsOf(svc, me)).map((r) => r.type).sort()).toEqual(always);
    expect(
      (await createdEvents(svc))
        .filter((e) => e.payload.recipientId === me)
        .map((e) => e.payload.notification.type)
        .sort(),
    ).toEqual(always);
  });

  it('honours the latest settings: switched back on, the type is stored again; an older event does not undo a newer one', async () => {
    const me = nextId();
    await setNotificationSettings(svc, me, { inappLikes: false });
    await like(svc, me, nextId());
    await setNotificationSettings(svc, me, { inappLikes: true });
    await like(svc, me, nextId());
    expect(await rowsOf(svc, me)).toHaveLength(1);
    // A late, older "off" (redelivered out of order) is ignored: the newer "on" stands.
    const older = {
      userId: me,
      inappLikes: false,
      inappComments: true,
      inappMentions: true,
      inappFriendRequests: true,
      inappGroupActivity: true,
      inappPayments: true,
      inappMessages: true,
      emailDigest: false,
      emailSecurity: true,
    };
    const envelope = {
      ...buildEnvelope({ type: 'settings.notifications-changed', aggregateId: me, actorId: me, payload: older }),
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
    };
    await svc.adapters.bus.publish([
      { topic: topicOf('settings.notifications-changed'), key: String(me), value: JSON.stringify(envelope) },
    ]);
    await eventually(() => processed(svc, envelope.id));
    await like(svc, me, nextId());
    expect(await rowsOf(svc, me)).toHaveLength(2);
  });
});
