import { friendPairKey, MAX_BLOCKS, safetyTexts, type BlockedMember, type Relation, type Suggestion } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  expectError,
  memberIds,
  outboxEvents,
  pairEvents,
  registerMembers,
  startFriends,
  type FriendsTestService,
} from '../test-support.js';

describe(`blocking (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: FriendsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();
  // A clock that moves a second per reading, so the list's order is the order of the blocks.
  let clock = Date.UTC(2026, 10, 29, 9);

  beforeAll(async () => {
    svc = await startFriends({ now: () => new Date((clock += 1000)) });
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const members = <N extends number>(count: N) => registerMembers(svc, nextId, count);
  const block = (by: number, userId: unknown) => api.post('/api/friends/blocks', by, { userId });
  const unblock = (by: number, userId: number | string) => api.delete(`/api/friends/blocks/${userId}`, by);
  const blocked = async (by: number, query = '') => {
    const res = await api.get(`/api/friends/blocks${query}`, by);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const friendIds = async (userId: number) => (await api.get('/api/friends/list', userId)).json<{ id: number }[]>().map((f) => f.id);
  const relation = async (userId: number, other: number) => (await api.get(`/api/friends/relation/${other}`, userId)).json<Relation>();
  /** Every event about the pair, oldest first: the friendship's and requests' ones and the blocks'. */
  const eventsOf = async (a: number, b: number) => {
    const pair = new Set([a, b]);
    const about = (x: unknown, y: unknown) => pair.has(x as number) && pair.has(y as number);
    return (await outboxEvents(svc)).filter(
      (e) => about(e.payload.fromUserId, e.payload.toUserId) || about(e.payload.blockerId, e.payload.blockedId),
    );
  };
  const eventTypes = async (a: number, b: number) => (await eventsOf(a, b)).map((e) => e.type);
  const blockEvents = async (a: number, b: number) => (await eventsOf(a, b)).filter((e) => e.type.startsWith('member.'));

  it('blocks (201), then again changes nothing (200), lists the blocked member, and unblocks (200) once (then 404)', async () => {
    const [ada, bola] = await members(2);
    const first = await block(ada, bola);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ userId: bola, blocked: true, message: safetyTexts.blocked });
    const again = await block(ada, String(bola));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ userId: bola, blocked: true, message: safetyTexts.blocked });

    const list = (await blocked(ada)).json<BlockedMember[]>();
    expect(list).toEqual([
      { id: bola, user_name: `user${bola}`, name: 'Ada Obi', profileImage: expect.any(String), blockedAt: expect.any(String) },
    ]);
    expect((await blocked(bola)).json()).toEqual([]);
    expect((await blockEvents(ada, bola)).map((e) => [e.type, e.key, e.payload])).toEqual([
      ['member.blocked', friendPairKey(ada, bola), { blockerId: ada, blockedId: bola }],
    ]);

    expectError(await unblock(bola, ada), 404, safetyTexts.notBlocked); // only the blocker unblocks
    const gone = await unblock(ada, bola);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ userId: bola, blocked: false, message: safetyTexts.unblocked });
    expectError(await unblock(ada, bola), 404, safetyTexts.notBlocked);
    expect((await blocked(ada)).json()).toEqual([]);
    expect((await blockEvents(ada, bola)).map((e) => e.type)).toEqual(['member.blocked', 'member.unblocked']);
  });

  it('refuses yourself (400), unknown members (404), bad ids and bodies (400/404), and anonymous callers (401)', async () => {
    const [ada] = await members(1);
    expectError(await block(ada, ada), 400, safetyTexts.notYourselfBlock);
    expectError(await block(ada, nextId()), 404, safetyTexts.userNotFound);
    for (const bad of ['abc', -1, 0, 1.5, null, { id: 1 }]) {
      const res = await block(ada, bad);
      expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBe(400);
    }
    expect((await api.post('/api/friends/blocks', ada, {})).statusCode).toBe(400);
    for (const path of ['abc', '0', '-3', '1e3', '99999999999999999999'])
      expectError(await unblock(ada, path), 404, safetyTexts.notBlocked);
    expect((await api.get('/api/friends/blocks', null)).statusCode).toBe(401);
    expect((await block(null as unknown as number, ada)).statusCode).toBe(401);
    expect((await api.delete(`/api/friends/blocks/${ada}`, null)).statusCode).toBe(401);
    expectError(await api.get('/api/friends/blocks?cursor=%21%21', ada), 400, safetyTexts.blocksCursorInvalid);
    expect((await api.get('/api/friends/blocks?limit=0', ada)).statusCode).toBe(400);
    expect((await api.get('/api/friends/blocks?limit=51', ada)).statusCode).toBe(400);
  });

  it('pages the list newest first through Link and X-Next-Cursor, cursor 0 being the first page', async () => {
    const [me, a, b, c] = await members(4);
    for (const other of [a, b, c]) expect((await block(me, other)).statusCode).toBe(201);
    const first = await blocked(me, '?limit=2&cursor=0');
    expect(first.json<BlockedMember[]>().map((m) => m.id)).toEqual([c, b]);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(first.headers.link).toBe(`</api/friends/blocks?cursor=${cursor}&limit=2>; rel="next"`);
    const rest = await blocked(me, `?limit=2&cursor=${cursor}`);
    expect(rest.json<BlockedMember[]>().map((m) => m.id)).toEqual([a]);
    expect(rest.headers['x-next-cursor']).toBeUndefined();
  });

  it('ends the friendship both ways, announcing its end before the block', async () => {
    const [ada, bola] = await members(2);
    await api.befriend(ada, bola);
    expect(await friendIds(bola)).toEqual([ada]);
    expect((await block(bola, ada)).statusCode).toBe(201);
    expect(await friendIds(ada)).toEqual([]);
    expect(await friendIds(bola)).toEqual([]);
    expect(await eventTypes(ada, bola)).toEqual(['friend-request.sent', 'friend-request.accepted', 'friendship.removed', 'member.blocked']);
    const removed = (await pairEvents(svc, ada, bola)).find((e) => e.type === 'friendship.removed');
    expect(removed?.payload).toEqual({ fromUserId: bola, toUserId: ada });
    // Unblocking does not bring the friendship back.
    await unblock(bola, ada);
    expect(await friendIds(ada)).toEqual([]);
  });

  it('closes a pending request whichever way it went: declined when the blocker received it, cancelled when they sent it', async () => {
    const [ada, bola, chidi] = await members(3);
    const toBlocker = await api.sendRequest(bola, ada);
    const fromBlocker = await api.sendRequest(ada, chidi);
    await block(ada, bola);
    await block(ada, chidi);
    expect((await api.get('/api/friends/requests', ada)).json()).toEqual([]);
    expect((await api.get('/api/friends/requests/sent', bola)).json()).toEqual([]);
    expect((await api.get('/api/friends/requests', chidi)).json()).toEqual([]);
    const bolaEvents = await pairEvents(svc, ada, bola);
    expect(bolaEvents.find((e) => e.type === 'friend-request.declined')?.payload).toEqual({
      fromUserId: bola,
      toUserId: ada,
      requestId: toBlocker.id,
    });
    const chidiEvents = await pairEvents(svc, ada, chidi);
    expect(chidiEvents.find((e) => e.type === 'friend-request.cancelled')?.payload).toEqual({
      fromUserId: ada,
      toUserId: chidi,
      requestId: fromBlocker.id,
    });
    // The closed request cannot be accepted afterwards.
    expect((await api.put(`/api/friends/requests/${toBlocker.id}`, ada, { action: 'accepted' })).statusCode).toBe(409);
    expect(await friendIds(ada)).toEqual([]);
  });

  it('refuses friend requests between a blocked pair either way (403), and the relation says so; only the blocker sees blocked', async () => {
    const [ada, bola] = await members(2);
    await block(ada, bola);
    expectError(await api.post('/api/friends/requests', ada, { toUserId: bola }), 403, safetyTexts.requestBlocked);
    expectError(await api.post('/api/friends/requests', bola, { toUserId: ada }), 403, safetyTexts.requestBlocked);
    expect(await relation(ada, bola)).toEqual({
      userId: bola,
      status: 'none',
      requestId: null,
      canRequest: false,
      reason: safetyTexts.requestBlocked,
      blocked: true,
    });
    expect(await relation(bola, ada)).toEqual({
      userId: ada,
      status: 'none',
      requestId: null,
      canRequest: false,
      reason: safetyTexts.requestBlocked,
    });
    await unblock(ada, bola);
    expect((await relation(ada, bola)).blocked).toBeUndefined();
    expect((await api.post('/api/friends/requests', bola, { toUserId: ada })).statusCode).toBe(201);
  });

  it('leaves blocked members out of suggestions both ways, among friends of friends and new members alike', async () => {
    const [me, friend, fof, newcomer] = await members(4);
    await api.befriend(me, friend);
    await api.befriend(friend, fof);
    const ids = async (userId: number) =>
      (await api.get('/api/friends/suggestions?limit=50', userId)).json<Suggestion[]>().map((s) => s.id);
    expect(await ids(me)).toEqual(expect.arrayContaining([fof, newcomer]));
    await block(me, fof);
    await block(newcomer, me);
    expect(await ids(me)).not.toContain(fof);
    expect(await ids(me)).not.toContain(newcomer);
    expect(await ids(fof)).not.toContain(me);
    expect(await ids(newcomer)).not.toContain(me);
  });

  it('keeps no friendship when a block races the acceptance of a request (either order)', async () => {
    for (let round = 0; round < 4; round++) {
      const [ada, bola] = await members(2);
      const request = await api.sendRequest(bola, ada);
      const [accept, blockRes] = await Promise.all([
        api.put(`/api/friends/requests/${request.id}`, ada, { action: 'accepted' }),
        block(bola, ada),
      ]);
      expect(blockRes.statusCode).toBe(201);
      expect([200, 409]).toContain(accept.statusCode);
      expect(await friendIds(ada)).toEqual([]);
      expect(await friendIds(bola)).toEqual([]);
    }
  });

  it('keeps no pending request when a block races a request being sent', async () => {
    for (let round = 0; round < 4; round++) {
      const [ada, bola] = await members(2);
      const [send, blockRes] = await Promise.all([api.post('/api/friends/requests', bola, { toUserId: ada }), block(ada, bola)]);
      expect(blockRes.statusCode).toBe(201);
      expect([201, 403]).toContain(send.statusCode);
      expect((await api.get('/api/friends/requests', ada)).json()).toEqual([]);
    }
  });

  it(`refuses a block beyond ${MAX_BLOCKS} (409)`, async () => {
    const [me, target] = await members(2);
    // Fill the cap directly: ten thousand members through the API would only slow the suite.
    await svc.ctx.db.execute(
      sql`insert into ${svc.tables.blocks} (blocker_id, blocked_id, created_at) select ${me}::bigint, -g, now() from generate_series(1, ${MAX_BLOCKS}) as g`,
    );
    expectError(await block(me, target), 409, safetyTexts.tooManyBlocks(MAX_BLOCKS));
  });
});
