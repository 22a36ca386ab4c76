import { DEFAULT_AVATAR, friendPairKey, friendTexts, type FriendRequest, type Relation } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  expectError,
  memberIds,
  pairEvents,
  registerMember,
  registerMembers,
  startFriends,
  type FriendsTestService,
} from '../test-support.js';

describe(`friend requests (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: FriendsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startFriends();
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  /** Fresh activated members, known by name to the service. */
  const members = <N extends number>(count: N) => registerMembers(svc, nextId, count);
  const incoming = async (userId: number) => (await api.get('/api/friends/requests', userId)).json<FriendRequest[]>();
  const sent = async (userId: number) => (await api.get('/api/friends/requests/sent', userId)).json<FriendRequest[]>();
  const friendIds = async (userId: number) => (await api.get('/api/friends/list', userId)).json<{ id: number }[]>().map((f) => f.id);
  const relation = async (userId: number, other: number) => (await api.get(`/api/friends/relation/${other}`, userId)).json<Relation>();

  describe('sending', () => {
    it('creates a pending request (201) that the recipient sees as incoming and the sender as sent, and announces it', async () => {
      const [ada, bola] = [nextId(), nextId()];
      await registerMember(svc, ada, { username: 'ada', profileImage: '/uploads/profile/ada.webp' });
      await registerMember(svc, bola, { username: 'bola', profileImage: '', firstname: '', lastname: '' });

      const res = await api.post('/api/friends/requests', ada, { toUserId: bola });
      expect(res.statusCode).toBe(201);
      const body = res.json<{ message: string; request: FriendRequest }>();
      expect(body.message).toBe(friendTexts.requestSent);
      expect(body.request).toEqual({
        id: expect.any(Number),
        fromUserId: ada,
        fromUsername: 'ada',
        fromName: 'Ada Obi',
        fromProfileImage: '/uploads/profile/ada.webp',
        toUserId: bola,
        toUsername: 'bola',
        // No names: the display name is the username.
        toName: 'bola',
        toProfileImage: DEFAULT_AVATAR,
        status: 0,
        createdAt: expect.any(String),
      });
      expect(new Date(body.request.createdAt).toISOString()).toBe(body.request.createdAt);

      expect(await incoming(bola)).toEqual([body.request]);
      expect(await incoming(ada)).toEqual([]);
      expect(await sent(ada)).toEqual([body.request]);
      expect(await sent(bola)).toEqual([]);
      expect(await relation(ada, bola)).toEqual({
        userId: bola,
        status: 'requested',
        requestId: body.request.id,
        canRequest: false,
        reason: null,
      });
      expect(await relation(bola, ada)).toEqual({
        userId: ada,
        status: 'incoming',
        requestId: body.request.id,
        canRequest: false,
        reason: null,
      });

      expect(await pairEvents(svc, ada, bola)).toEqual([
        expect.objectContaining({
          type: 'friend-request.sent',
          topic: 'friends.friendship',
          key: friendPairKey(ada, bola),
          aggregateId: friendPairKey(ada, bola),
          actorId: ada,
          payload: { fromUserId: ada, toUserId: bola, requestId: body.request.id },
        }),
      ]);
    });

    it('lists incoming and sent requests newest first, with fallback names for members the service does not know yet', async () => {
      const [me, first, second] = await members(3);
      const unknown = nextId(); // signed in, but their user.registered has not reached us
      const a = await api.sendRequest(first, me);
      const b = await api.sendRequest(unknown, me);
      const c = await api.sendRequest(second, me);
      expect((await incoming(me)).map((r) => r.id)).toEqual([c.id, b.id, a.id]);
      expect(b).toMatchObject({
        fromUserId: unknown,
        fromUsername: `member${unknown}`,
        fromName: `member${unknown}`,
        fromProfileImage: DEFAULT_AVATAR,
      });

      const [p, q] = await members(2);
      const x = await api.sendRequest(me, p);
      const y = await api.sendRequest(me, q);
      expect((await sent(me)).map((r) => r.id)).toEqual([y.id, x.id]);
    });

    it('refuses yourself (400), unknown or not activated members (404), a second request (409) and friends (409)', async () => {
      const [ada, bola] = await members(2);
      const dormant = nextId();
      await registerMember(svc, dormant, { activated: false });

      expectError(await api.post('/api/friends/requests', ada, { toUserId: ada }), 400, friendTexts.notYourself);
      expectError(await api.post('/api/friends/requests', ada, { toUserId: nextId() }), 404, friendTexts.userNotFound);
      expectError(await api.post('/api/friends/requests', ada, { toUserId: dormant }), 404, friendTexts.userNotFound);

      await api.sendRequest(ada, bola);
      expectError(await api.post('/api/friends/requests', ada, { toUserId: bola }), 409, friendTexts.alreadyRequested);
      expect(await sent(ada)).toHaveLength(1);

      const [request] = await incoming(bola);
      await api.put(`/api/friends/requests/${request!.id}`, bola, { action: 'accepted' });
      expectError(await api.post('/api/friends/requests', ada, { toUserId: bola }), 409, friendTexts.alreadyFriends);
      expectError(await api.post('/api/friends/requests', bola, { toUserId: ada }), 409, friendTexts.alreadyFriends);
    });

    it('answers 400 for a body that names no member, never a 500', async () => {
      const [ada] = await members(1);
      for (const body of [
        {},
        { toUserId: 'abc' },
        { toUserId: -1 },
        { toUserId: 0 },
        { toUserId: 1.5 },
        { toUserId: 1e300 },
        { toUserId: null },
      ]) {
        const res = await api.post('/api/friends/requests', ada, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message, JSON.stringify(body)).toBe(friendTexts.userNotFound);
      }
      const text = await svc.app.inject({
        method: 'POST',
        url: '/api/friends/requests',
        headers: { ...svc.as({ userId: ada }), 'content-type': 'application/json' },
        payload: '{nope',
      });
      expect(text.statusCode).toBe(400);
    });

    it('accepts their pending request instead when they had already asked you (200)', async () => {
      const [ada, bola] = await members(2);
      const theirs = await api.sendRequest(bola, ada);
      const res = await api.post('/api/friends/requests', ada, { toUserId: bola });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ message: string; request: FriendRequest }>();
      expect(body.message).toBe(friendTexts.requestAccepted);
      expect(body.request).toEqual({ ...theirs, status: 'accepted' });

      expect(await friendIds(ada)).toEqual([bola]);
      expect(await friendIds(bola)).toEqual([ada]);
      expect(await incoming(ada)).toEqual([]);
      expect(await sent(bola)).toEqual([]);
      expect((await pairEvents(svc, ada, bola)).map((e) => [e.type, e.actorId, e.payload, e.key])).toEqual([
        ['friend-request.sent', bola, { fromUserId: bola, toUserId: ada, requestId: theirs.id }, friendPairKey(ada, bola)],
        ['friend-request.accepted', ada, { fromUserId: bola, toUserId: ada, requestId: theirs.id }, friendPairKey(ada, bola)],
      ]);
    });
  });

  describe('answering', () => {
    it('lets the recipient accept (friends both ways, announced once) and refuses a second answer (409)', async () => {
      const [ada, bola] = await members(2);
      const request = await api.sendRequest(ada, bola);
      const res = await api.put(`/api/friends/requests/${request.id}`, bola, { action: 'accepted' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: friendTexts.requestAccepted });
      expect(await friendIds(ada)).toEqual([bola]);
      expect(await friendIds(bola)).toEqual([ada]);
      expect(await incoming(bola)).toEqual([]);
      expect(await relation(ada, bola)).toEqual({ userId: bola, status: 'friends', requestId: null, canRequest: false, reason: null });

      expectError(await api.put(`/api/friends/requests/${request.id}`, bola, { action: 'declined' }), 409, friendTexts.alreadyAnswered);
      expectError(await api.delete(`/api/friends/requests/${request.id}`, ada), 409, friendTexts.alreadyAnswered);
      const accepted = (await pairEvents(svc, ada, bola)).filter((e) => e.type === 'friend-request.accepted');
      expect(accepted).toEqual([
        expect.objectContaining({
          key: friendPairKey(ada, bola),
          actorId: bola,
          payload: { fromUserId: ada, toUserId: bola, requestId: request.id },
        }),
      ]);
    });

    it('lets the recipient decline (no friendship, announced) and the sender ask again later', async () => {
      const [ada, bola] = await members(2);
      const request = await api.sendRequest(ada, bola);
      const res = await api.put(`/api/friends/requests/${request.id}`, bola, { action: 'declined' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: friendTexts.requestDeclined });
      expect(await friendIds(bola)).toEqual([]);
      expect(await incoming(bola)).toEqual([]);
      expect(await sent(ada)).toEqual([]);
      expect(await relation(ada, bola)).toMatchObject({ status: 'none', requestId: null });
      expectError(await api.put(`/api/friends/requests/${request.id}`, bola, { action: 'accepted' }), 409, friendTexts.alreadyAnswered);

      const again = await api.sendRequest(ada, bola);
      expect(again.id).not.toBe(request.id);
      expect((await pairEvents(svc, ada, bola)).map((e) => [e.type, e.actorId, e.payload.requestId])).toEqual([
        ['friend-request.sent', ada, request.id],
        ['friend-request.declined', bola, request.id],
        ['friend-request.sent', ada, again.id],
      ]);
    });

    it('refuses the sender (403) and hides the request from everyone else (404)', async () => {
      const [ada, bola, stranger] = await members(3);
      const request = await api.sendRequest(ada, bola);
      expectError(await api.put(`/api/friends/requests/${request.id}`, ada, { action: 'accepted' }), 403, friendTexts.notRecipient);
      expectError(await api.put(`/api/friends/requests/${request.id}`, stranger, { action: 'accepted' }), 404, friendTexts.requestNotFound);
      expectError(await api.put('/api/friends/requests/999999999999', bola, { action: 'accepted' }), 404, friendTexts.requestNotFound);
      expectError(await api.put('/api/friends/requests/abc', bola, { action: 'accepted' }), 404, friendTexts.requestNotFound);
      expectError(
        await api.put('/api/friends/requests/99999999999999999999', bola, { action: 'accepted' }),
        404,
        friendTexts.requestNotFound,
      );
      expect(await incoming(bola)).toHaveLength(1); // still pending
    });

    it('answers 400 for an action other than accepted or declined', async () => {
      const [ada, bola] = await members(2);
      const request = await api.sendRequest(ada, bola);
      for (const body of [{ action: 'maybe' }, { action: 0 }, {}]) {
        expectError(await api.put(`/api/friends/requests/${request.id}`, bola, body), 400, friendTexts.actionInvalid);
      }
      expect((await api.put(`/api/friends/requests/${request.id}`, bola)).statusCode).toBe(400);
    });
  });

  describe('cancelling', () => {
    it('lets the sender take back a pending request (announced), refuses the recipient (403) and hides it from others (404)', async () => {
      const [ada, bola, stranger] = await members(3);
      const request = await api.sendRequest(ada, bola);
      expectError(await api.delete(`/api/friends/requests/${request.id}`, bola), 403, friendTexts.notSender);
      expectError(await api.delete(`/api/friends/requests/${request.id}`, stranger), 404, friendTexts.requestNotFound);
      expectError(await api.delete('/api/friends/requests/0', ada), 404, friendTexts.requestNotFound);

      const res = await api.delete(`/api/friends/requests/${request.id}`, ada);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: friendTexts.requestCancelled });
      expect(await incoming(bola)).toEqual([]);
      expect(await sent(ada)).toEqual([]);
      expectError(await api.delete(`/api/friends/requests/${request.id}`, ada), 409, friendTexts.alreadyAnswered);
      expectError(await api.put(`/api/friends/requests/${request.id}`, bola, { action: 'accepted' }), 409, friendTexts.alreadyAnswered);
      expect(await friendIds(bola)).toEqual([]);

      const events = await pairEvents(svc, ada, bola);
      expect(events.at(-1)).toMatchObject({
        type: 'friend-request.cancelled',
        key: friendPairKey(ada, bola),
        actorId: ada,
        payload: { fromUserId: ada, toUserId: bola, requestId: request.id },
      });
      // Asking again after cancelling is a new request.
      expect((await api.post('/api/friends/requests', ada, { toUserId: bola })).statusCode).toBe(201);
    });
  });

  describe('at the same moment', () => {
    it('makes two members who ask each other at once friends, never two crossed pending requests', async () => {
      const pairs = await Promise.all(Array.from({ length: 6 }, async () => members(2)));
      await Promise.all(
        pairs.map(async ([a, b]) => {
          const answers = await Promise.all([
            api.post('/api/friends/requests', a, { toUserId: b }),
            api.post('/api/friends/requests', b, { toUserId: a }),
          ]);
          expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
          const accepted = answers.find((r) => r.statusCode === 200)!.json<{ message: string; request: FriendRequest }>();
          const created = answers.find((r) => r.statusCode === 201)!.json<{ request: FriendRequest }>();
          expect(accepted.message).toBe(friendTexts.requestAccepted);
          expect(accepted.request).toMatchObject({ id: created.request.id, status: 'accepted' });
        }),
      );
      for (const [a, b] of pairs) {
        expect(await friendIds(a)).toEqual([b]);
        expect(await friendIds(b)).toEqual([a]);
        expect([...(await incoming(a)), ...(await incoming(b))]).toEqual([]);
        expect((await pairEvents(svc, a, b)).map((e) => e.type)).toEqual(['friend-request.sent', 'friend-request.accepted']);
      }
    });

    it('creates one request when the same member sends twice at once (the other answers 409)', async () => {
      const [ada, bola] = await members(2);
      const answers = await Promise.all([1, 2, 3].map(() => api.post('/api/friends/requests', ada, { toUserId: bola })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await incoming(bola)).toHaveLength(1);
    });

    it('accepts once when the recipient answers twice at once', async () => {
      const [ada, bola] = await members(2);
      const request = await api.sendRequest(ada, bola);
      const answers = await Promise.all([
        api.put(`/api/friends/requests/${request.id}`, bola, { action: 'accepted' }),
        api.put(`/api/friends/requests/${request.id}`, bola, { action: 'accepted' }),
        api.delete(`/api/friends/requests/${request.id}`, ada),
      ]);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(2);
      const events = (await pairEvents(svc, ada, bola)).map((e) => e.type);
      expect(events.filter((t) => t !== 'friend-request.sent')).toHaveLength(1);
    });
  });

  it('answers 401 to anonymous callers on every route, before reading the request', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/friends/requests', { toUserId: 1 }],
      ['POST', '/api/friends/requests', { toUserId: 'bad' }],
      ['GET', '/api/friends/requests'],
      ['GET', '/api/friends/requests/sent'],
      ['PUT', '/api/friends/requests/1', { action: 'accepted' }],
      ['PUT', '/api/friends/requests/abc', { action: 'nope' }],
      ['DELETE', '/api/friends/requests/1'],
      ['GET', '/api/friends/list'],
      ['DELETE', '/api/friends/1'],
      ['GET', '/api/friends/suggestions'],
      ['GET', '/api/friends/suggestions?limit=999'],
      ['GET', '/api/friends/relation/1'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await svc.app.inject({ method: method as 'GET', url, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({
        error: 'Please sign in to continue',
        code: 'UNAUTHENTICATED',
        message: 'Please sign in to continue',
      });
    }
  });
});
