/**
 * Push notifications (decision 042) against a fake push service: a new notification reaches each of
 * the recipient's devices as an encrypted, VAPID-signed request; switches, 410s, sign-out and
 * account deletion are honoured; the routes refuse what they must.
 */
import { pushTexts, type PushMessage } from '@kora/contracts';
import { eventually, expectError, exportOf, testTarget } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushWanted } from './fan-out.js';
import {
  createdEvents,
  type CreatedEvent,
  deliverFriendRequest,
  client,
  deliver,
  like,
  memberIds,
  registerMember,
  sendMessage,
  setLanguage,
  setNotificationSettings,
  someId,
  startNotifications,
  type NotificationsTestService,
} from '../test-support.js';
import {
  decrypt,
  startFakePushService,
  vapidClaims,
  type FakeDevice,
  type FakePushService,
  type PushRequest,
} from './fake-push-service.js';

const nextMember = memberIds();

describe(`notifications: push to devices (${testTarget()})`, () => {
  let svc: NotificationsTestService;
  let pushService: FakePushService;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    pushService = await startFakePushService();
    svc = await startNotifications({ env: { ...process.env, NOTIFICATIONS_PUSH_PRIVATE_ENDPOINTS: 'true' } });
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
    await pushService?.close();
  });

  /** Subscribes `device` for `userId` in `sessionId`, as the web app posts it through the gateway. */
  async function subscribe(userId: number, device: FakeDevice, sessionId = `s-${userId}`) {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/notifications/push/subscriptions',
      headers: { ...svc.as({ userId, sessionId }), 'user-agent': 'Mozilla/5.0 (Android 14) Chrome/131.0' },
      payload: device.json,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  const subscriptionsOf = async (userId: number) => {
    const t = svc.tables.pushSubscriptions;
    return svc.ctx.db.select().from(t).where(eq(t.userId, userId));
  };

  /** Waits for the first push to `device`; answers the request and its decrypted message. */
  async function firstPushTo(device: FakeDevice): Promise<{ request: PushRequest; message: PushMessage }> {
    await eventually(() => pushService.requestsTo(device).length > 0);
    const request = pushService.requestsTo(device)[0]!;
    return { request, message: JSON.parse(decrypt(device, request.body)) as PushMessage };
  }

  it("pushes a like to the member's device: encrypted for it, signed with the server's key", async () => {
    const [owner, actor] = [nextMember(), nextMember()];
    await registerMember(svc, actor, { firstname: 'Bola', lastname: 'Adeyemi' });
    const device = pushService.subscription();
    await subscribe(owner, device);
    const postId = someId();
    await like(svc, owner, actor, postId);

    const { request, message } = await firstPushTo(device);
    expect(message).toEqual({
      title: 'Bola Adeyemi',
      body: 'liked your post',
      url: `/posts/${postId}`,
      tag: `notification-post-${postId}`,
    });
    expect(request.method).toBe('POST');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    // The body is the encrypted message: salt, record size, the server's key, the record and its tag.
    expect(request.body.length).toBe(16 + 4 + 1 + 65 + JSON.stringify(message).length + 1 + 16);
    const claims = vapidClaims(request.headers);
    expect(claims.aud).toBe(pushService.origin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    const key = await api.get('/api/notifications/push/key', owner);
    expect(key.json()).toEqual({ publicKey: claims.publicKey });
    await eventually(async () => (await subscriptionsOf(owner))[0]?.lastUsedAt !== null);
  });

  it('costs a notification for a member with no device one read: no transaction, no record in the push group', async () => {
    const [owner, other, actor] = [nextMember(), nextMember(), nextMember()];
    await registerMember(svc, actor);
    const device = pushService.subscription();
    await subscribe(other, device);
    await like(svc, owner, actor);
    await like(svc, other, actor);
    await firstPushTo(device);
    const created = await createdEvents(svc);
    const [forOwner, forOther] = [owner, other].map((id) => created.find((e) => e.payload.recipientId === id)!) as [
      CreatedEvent,
      CreatedEvent,
    ];
    expect(await pushWanted(svc.handle, forOwner as never)).toBe(false);
    expect(await pushWanted(svc.handle, forOther as never)).toBe(true);
    // Nor a notification too old to show as new, device or not.
    const old = {
      ...forOther,
      payload: { ...forOther.payload, notification: { ...forOther.payload.notification, createdAt: '2020-01-01T00:00:00.000Z' } },
    };
    expect(await pushWanted(svc.handle, old as never)).toBe(false);
    const p = svc.ctx.tables.processedEvents;
    await eventually(async () =>
      (await svc.ctx.db.select().from(p).where(eq(p.eventId, forOther.id))).some((r) => r.consumer.startsWith('notifications.push')),
    );
    const recorded = await svc.ctx.db.select().from(p).where(eq(p.eventId, forOwner.id));
    expect(recorded.filter((r) => r.consumer.startsWith('notifications.push'))).toEqual([]);
  });

  it('pushes a friend request to every device, and a message with its conversation as tag and link', async () => {
    const [member, sender] = [nextMember(), nextMember()];
    const [phone, laptop] = [pushService.subscription(), pushService.subscription()];
    await subscribe(member, phone);
    await subscribe(member, laptop, 'another-session');
    await deliverFriendRequest(svc, sender, member);
    for (const device of [phone, laptop]) {
      const { message } = await firstPushTo(device);
      expect(message).toMatchObject({ body: 'sent you a friend request', url: '/friends' });
    }

    const conversationId = someId();
    await sendMessage(svc, conversationId, sender, [sender, member]);
    await eventually(() => pushService.requestsTo(phone).length === 2);
    const message = JSON.parse(decrypt(phone, pushService.requestsTo(phone)[1]!.body)) as PushMessage;
    expect(message).toMatchObject({ url: `/messages/${conversationId}`, tag: `notification-conversation-${conversationId}` });
  });

  it("pushes in the member's language", async () => {
    const [owner, actor] = [nextMember(), nextMember()];
    await registerMember(svc, actor, { firstname: 'Bola', lastname: 'Adeyemi' });
    await setLanguage(svc, owner, 'pcm');
    const device = pushService.subscription();
    await subscribe(owner, device);
    await deliverFriendRequest(svc, actor, owner);
    const { message } = await firstPushTo(device);
    expect(message).toMatchObject({ title: 'Bola Adeyemi', body: 'send you friend request', url: '/friends' });
  });

  it('pushes nothing a switch turned off', async () => {
    const [owner, actor] = [nextMember(), nextMember()];
    const device = pushService.subscription();
    await subscribe(owner, device);
    await setNotificationSettings(svc, owner, { inappLikes: false });
    await like(svc, owner, actor);
    // A friend request (its switch on) comes after the like: once it has arrived, the like would have too.
    await deliverFriendRequest(svc, actor, owner);
    await firstPushTo(device);
    const bodies = pushService.requestsTo(device).map((r) => (JSON.parse(decrypt(device, r.body)) as PushMessage).body);
    expect(bodies).toEqual(['sent you a friend request']);
  });

  it('deletes a subscription its push service answers 410 for', async () => {
    const [owner, actor] = [nextMember(), nextMember()];
    const gone = pushService.subscription(410);
    const kept = pushService.subscription();
    await subscribe(owner, gone);
    await subscribe(owner, kept);
    await like(svc, owner, actor);
    await eventually(() => pushService.requestsTo(gone).length > 0 && pushService.requestsTo(kept).length > 0);
    await eventually(async () => (await subscriptionsOf(owner)).length === 1);
    expect((await subscriptionsOf(owner)).map((s) => s.endpoint)).toEqual([kept.endpoint]);
  });

  it("forgets a session's devices when it is signed out, and all of a member's when their account is deleted", async () => {
    const member = nextMember();
    const [first, second] = [pushService.subscription(), pushService.subscription()];
    await subscribe(member, first, 'session-a');
    await subscribe(member, second, 'session-b');
    await deliver(svc, 'session.revoked', { userId: member, sessionId: 'session-a' }, member, member);
    expect((await subscriptionsOf(member)).map((s) => s.endpoint)).toEqual([second.endpoint]);

    await deliver(svc, 'user.deleted', { userId: member, profileFiles: [] }, member, member);
    expect(await subscriptionsOf(member)).toEqual([]);
  });

  it("keeps one row per endpoint: the same device again updates it, another member's subscribing takes it", async () => {
    const [first, second] = [nextMember(), nextMember()];
    const device = pushService.subscription();
    await subscribe(first, device);
    await subscribe(first, device);
    expect(await subscriptionsOf(first)).toHaveLength(1);
    await subscribe(second, device, 'second-session');
    expect(await subscriptionsOf(first)).toEqual([]);
    expect((await subscriptionsOf(second)).map((s) => [s.endpoint, s.sessionId])).toEqual([[device.endpoint, 'second-session']]);
  });

  it('lets a member remove only their own subscription', async () => {
    const [owner, other] = [nextMember(), nextMember()];
    const device = pushService.subscription();
    await subscribe(owner, device);
    const path = `/api/notifications/push/subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`;
    expectError(await api.delete(path, other), 404, pushTexts.notSubscribed);
    expect(await subscriptionsOf(owner)).toHaveLength(1);
    const removed = await api.delete(path, owner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ removed: true });
    expect(await subscriptionsOf(owner)).toEqual([]);
    expectError(await api.delete(path, owner), 404, pushTexts.notSubscribed);
  });

  it("answers a subscription's device, and puts the devices in the member's archive without their keys", async () => {
    const member = nextMember();
    const device = pushService.subscription();
    const res = await subscribe(member, device);
    expect(res.json()).toMatchObject({ endpoint: device.endpoint, userAgent: 'Mozilla/5.0 (Android 14) Chrome/131.0', lastUsedAt: null });
    const sections = await exportOf(svc, member);
    expect(sections['push-devices']).toEqual([expect.objectContaining({ endpoint: device.endpoint })]);
    expect(Object.keys(sections['push-devices']![0]!).sort()).toEqual(['createdAt', 'endpoint', 'lastUsedAt', 'userAgent']);
  });

  it('refuses anonymous callers and bad subscriptions', async () => {
    const member = nextMember();
    const device = pushService.subscription();
    for (const [method, url] of [
      ['GET', '/api/notifications/push/key'],
      ['POST', '/api/notifications/push/subscriptions'],
      ['DELETE', `/api/notifications/push/subscriptions?endpoint=${encodeURIComponent(device.endpoint)}`],
    ] as const) {
      const res = await svc.app.inject({ method, url, ...(method === 'POST' ? { payload: device.json } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    // Well-formed base64url, but no key a push can be encrypted for: 65 bytes off the curve, a short secret.
    const offCurve = { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: device.json.keys.auth };
    const shortSecret = { p256dh: device.json.keys.p256dh, auth: Buffer.alloc(8, 1).toString('base64url') };
    for (const payload of [
      {},
      { endpoint: device.endpoint },
      { ...device.json, keys: { p256dh: 'not base64!', auth: 'x' } },
      { ...device.json, keys: offCurve },
      { ...device.json, keys: shortSecret },
    ]) {
      expectError(await api.post('/api/notifications/push/subscriptions', member, payload), 400, pushTexts.subscriptionInvalid);
    }
    expectError(
      await api.post('/api/notifications/push/subscriptions', member, { ...device.json, endpoint: 'not a url' }),
      400,
      pushTexts.endpointInvalid,
    );
    expectError(await api.delete('/api/notifications/push/subscriptions', member), 400, pushTexts.endpointInvalid);
    expect(await subscriptionsOf(member)).toEqual([]);
  });

  it('signs with the VAPID_* key pair when it is set', async () => {
    const keys = (await import('web-push')).default.generateVAPIDKeys();
    const configured = await startNotifications({
      env: { ...process.env, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@kora.ng' },
    });
    try {
      const res = await client(configured).get('/api/notifications/push/key', nextMember());
      expect(res.json()).toEqual({ publicKey: keys.publicKey });
    } finally {
      await configured.close();
    }
  });
});
