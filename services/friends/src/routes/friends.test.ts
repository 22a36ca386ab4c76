import { DEFAULT_AVATAR, friendPairKey, friendTexts, type Friend, type Relation, type Suggestion } from '@kora/contracts';
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
import { LIMIT_INVALID_TEXT } from './friends.js';

describe(`friends list, unfriending, relation and suggestions (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
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

  const members = <N extends number>(count: N) => registerMembers(svc, nextId, count);
  const list = async (userId: number) => {
    const res = await api.get('/api/friends/list', userId);
    expect(res.statusCode).toBe(200);
    return res.json<Friend[]>();
  };
  const relation = async (userId: number, other: number | string) =>
    (await api.get(`/api/friends/relation/${other}`, userId)).json<Relation>();
  const suggestions = async (userId: number, query = '?limit=50') => {
    const res = await api.get(`/api/friends/suggestions${query}`, userId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Suggestion[]>();
  };

  describe('the friends list', () => {
    it('lists friends by username, case-insensitively, with their display names, avatars and fallbacks', async () => {
      const me = nextId();
      const [zed, bola, ada] = [nextId(), nextId(), nextId()];
      await registerMember(svc, me);
      await registerMember(svc, zed, { username: 'zed' });
      await registerMember(svc, bola, { username: 'Bola', profileImage: '/uploads/profile/bola.webp' });
      await registerMember(svc, ada, { username: 'ada', profileImage: '', firstname: ' ', lastname: '' });
      const unknown = nextId(); // their user.registered has not reached us: shown as member{id}
      for (const other of [zed, bola, ada]) await api.befriend(me, other);
      await api.befriend(unknown, me);

      expect(await list(me)).toEqual(
        [
          // Blank names: the name is the username (contracts' displayName).
          { id: ada, user_name: 'ada', name: 'ada', profileImage: DEFAULT_AVATAR, verified: false },
          { id: bola, user_name: 'Bola', name: 'Ada Obi', profileImage: '/uploads/profile/bola.webp', verified: false },
          { id: unknown, user_name: `member${unknown}`, name: `member${unknown}`, profileImage: DEFAULT_AVATAR, verified: false },
          { id: zed, user_name: 'zed', name: 'Ada Obi', profileImage: `/uploads/profile/${zed}.webp`, verified: false },
        ].sort((a, b) => a.user_name.toLowerCase().localeCompare(b.user_name.toLowerCase())),
      );
      expect((await list(zed)).map((f) => f.id)).toEqual([me]);
      expect(await list(nextId())).toEqual([]);
    });
  });

  describe('unfriending', () => {
    it('removes the friendship both ways (announced with the caller as fromUserId), then answers 404', async () => {
      const [ada, bola] = await members(2);
      await api.befriend(ada, bola);
      const res = await api.delete(`/api/friends/${ada}`, bola);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: friendTexts.unfriended });
      expect(await list(ada)).toEqual([]);
      expect(await list(bola)).toEqual([]);
      expect(await relation(ada, bola)).toEqual({ userId: bola, status: 'none', requestId: null, canRequest: true, reason: null });
      expect((await pairEvents(svc, ada, bola)).at(-1)).toMatchObject({
        type: 'friendship.removed',
        topic: 'friends.friendship',
        key: friendPairKey(ada, bola),
        aggregateId: friendPairKey(ada, bola),
        actorId: bola,
        payload: { fromUserId: bola, toUserId: ada },
      });

      expectError(await api.delete(`/api/friends/${ada}`, bola), 404, friendTexts.notFriends);
      expectError(await api.delete(`/api/friends/${bola}`, ada), 404, friendTexts.notFriends);
      // Friends again after a new request.
      await api.befriend(ada, bola);
      expect((await list(ada)).map((f) => f.id)).toEqual([bola]);
    });

    it('answers 404 for strangers, yourself and ids that name nobody; another pair is untouched', async () => {
      const [ada, bola, chidi] = await members(3);
      await api.befriend(ada, bola);
      for (const target of [chidi, ada, 'abc', '0', '-5', '1.5', '99999999999999999999']) {
        expectError(await api.delete(`/api/friends/${target}`, ada), 404, friendTexts.notFriends);
      }
      // A third member cannot end someone else's friendship: it is not theirs to end.
      expectError(await api.delete(`/api/friends/${bola}`, chidi), 404, friendTexts.notFriends);
      expect((await list(ada)).map((f) => f.id)).toEqual([bola]);
    });

    it('removes once when both members unfriend each other at the same moment', async () => {
      const [ada, bola] = await members(2);
      await api.befriend(ada, bola);
      const answers = await Promise.all([api.delete(`/api/friends/${bola}`, ada), api.delete(`/api/friends/${ada}`, bola)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      expect((await pairEvents(svc, ada, bola)).filter((e) => e.type === 'friendship.removed')).toHaveLength(1);
    });
  });

  describe('the relation (profile button)', () => {
    it('answers self, none, requested, incoming and friends, with the pending request id', async () => {
      const [ada, bola] = await members(2);
      expect(await relation(ada, ada)).toEqual({ userId: ada, status: 'self', requestId: null, canRequest: false, reason: null });
      expect(await relation(ada, bola)).toEqual({ userId: bola, status: 'none', requestId: null, canRequest: true, reason: null });
      const request = await api.sendRequest(ada, bola);
      expect(await relation(ada, bola)).toEqual({
        userId: bola,
        status: 'requested',
        requestId: request.id,
        canRequest: false,
        reason: null,
      });
      expect(await relation(bola, ada)).toEqual({
        userId: ada,
        status: 'incoming',
        requestId: request.id,
        canRequest: false,
        reason: null,
      });
      await api.put(`/api/friends/requests/${request.id}`, bola, { action: 'accepted' });
      expect(await relation(ada, bola)).toEqual({ userId: bola, status: 'friends', requestId: null, canRequest: false, reason: null });
      expect(await relation(bola, ada)).toEqual({ userId: ada, status: 'friends', requestId: null, canRequest: false, reason: null });
      // A member the service does not know is simply no relation.
      const nobody = nextId();
      expect(await relation(ada, nobody)).toEqual({ userId: nobody, status: 'none', requestId: null, canRequest: true, reason: null });
    });

    it('answers 404 for an id that names nobody', async () => {
      const [ada] = await members(1);
      for (const bad of ['abc', '0', '1e3', '99999999999999999999']) {
        expectError(await api.get(`/api/friends/relation/${bad}`, ada), 404, friendTexts.userNotFound);
      }
    });
  });

  describe('suggestions', () => {
    it('ranks friends of friends by mutual friends, then other activated members newest first; never friends, pending either way, or inactive members', async () => {
      // Registered in this order, so later ones are newer members.
      const [a, b, c, d, e, f, g, h] = await members(8);
      const inactive = nextId();
      await registerMember(svc, inactive, { activated: false });
      const newest = nextId();
      await registerMember(svc, newest, { username: 'newest' });

      // The graph: A–B, B–C, B–D, C–D (the product's example), A–E and E–D (D now shares two friends
      // with A), B–F and B–G (friends of A's friend, but with a pending request either way).
      for (const [x, y] of [
        [a, b],
        [b, c],
        [b, d],
        [c, d],
        [a, e],
        [e, d],
        [b, f],
        [b, g],
        [inactive, b],
      ] as const)
        await api.befriend(x, y);
      await api.sendRequest(f, a); // incoming to A
      await api.sendRequest(a, g); // outgoing from A

      const ours = new Set([a, b, c, d, e, f, g, h, inactive, newest]);
      const forA = await suggestions(a);
      // Friends of friends come first (nobody else in this service is friends with A's friends).
      expect(forA.slice(0, 2)).toEqual([
        {
          id: d,
          user_id: d,
          user_name: `user${d}`,
          name: 'Ada Obi',
          profileImage: `/uploads/profile/${d}.webp`,
          verified: false,
          mutualCount: 2,
        },
        {
          id: c,
          user_id: c,
          user_name: `user${c}`,
          name: 'Ada Obi',
          profileImage: `/uploads/profile/${c}.webp`,
          verified: false,
          mutualCount: 1,
        },
      ]);
      // Then other activated members, newest first: ours among them in that order.
      expect(forA.slice(2).every((s) => s.mutualCount === 0)).toBe(true);
      expect(forA.filter((s) => ours.has(s.id)).map((s) => s.id)).toEqual([d, c, newest, h]);
      for (const never of [a, b, e, f, g, inactive]) expect(forA.map((s) => s.id)).not.toContain(never);
      expect(new Set(forA.map((s) => s.id)).size).toBe(forA.length);

      // From C (friends B and D): A, E, F and G each share one friend; the newest member first.
      const forC = await suggestions(c);
      expect(forC.slice(0, 4).map((s) => [s.id, s.mutualCount])).toEqual([
        [g, 1],
        [f, 1],
        [e, 1],
        [a, 1],
      ]);

      // Answering the pending requests changes A's suggestions: declined F comes back (sharing B;
      // newer than C, so first of the two), accepted G is a friend now.
      const [fromF] = (await api.get('/api/friends/requests', a)).json<{ id: number }[]>();
      await api.put(`/api/friends/requests/${fromF!.id}`, a, { action: 'declined' });
      const [toG] = (await api.get('/api/friends/requests', g)).json<{ id: number }[]>();
      await api.put(`/api/friends/requests/${toG!.id}`, g, { action: 'accepted' });
      const after = await suggestions(a);
      expect(after.slice(0, 3).map((s) => [s.id, s.mutualCount])).toEqual([
        [d, 2],
        [f, 1],
        [c, 1],
      ]);
      expect(after.map((s) => s.id)).not.toContain(g);
    });

    it('answers at most `limit` suggestions (default 20, 1 to 50) and 400 for anything else', async () => {
      const [me] = await members(1);
      await registerMembers(svc, nextId, 21);
      expect(await suggestions(me, '')).toHaveLength(20);
      expect(await suggestions(me, '?limit=2')).toHaveLength(2);
      expect((await suggestions(me, '?limit=50')).length).toBeGreaterThanOrEqual(21);
      for (const bad of ['0', '51', '-1', '1.5', 'abc', '']) {
        expectError(await api.get(`/api/friends/suggestions?limit=${bad}`, me), 400, LIMIT_INVALID_TEXT);
      }
    });
  });
});
