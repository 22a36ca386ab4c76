import { DEFAULT_AVATAR, friendTexts, topicOf, type FriendRequest } from '@kora/contracts';
import { buildEnvelope } from '@kora/platform';
import { eventually, processed } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  memberIds,
  memberRow,
  nextJoinedAt,
  publish,
  registerMember,
  snapshot,
  startFriends,
  type FriendsTestService,
} from '../test-support.js';

describe(`member projection from auth's events (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
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

  const registered = (userId: number, username: string, createdAt = nextJoinedAt()) => ({
    ...snapshot(userId, username),
    email: `${userId}@example.ng`,
    createdAt,
  });

  it('knows a member from user.registered, lets them receive requests only once user.activated arrives', async () => {
    const [me, newcomer] = [nextId(), nextId()];
    await registerMember(svc, me);
    const joinedAt = nextJoinedAt();
    await registerMember(svc, newcomer, { username: 'newcomer', activated: false, joinedAt });
    expect(await memberRow(svc, newcomer)).toMatchObject({ username: 'newcomer', activated: false, joinedAt: new Date(joinedAt) });
    const refused = await api.post('/api/friends/requests', me, { toUserId: newcomer });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(friendTexts.userNotFound);
    expect((await api.get('/api/friends/suggestions?limit=50', me)).json<{ id: number }[]>().map((s) => s.id)).not.toContain(newcomer);

    await publish(svc, 'user.activated', { userId: newcomer }, newcomer, newcomer);
    await eventually(async () => (await memberRow(svc, newcomer))?.activated === true);
    expect((await api.post('/api/friends/requests', me, { toUserId: newcomer })).statusCode).toBe(201);
  });

  it('shows a new name and avatar from user.updated in requests and lists; an empty avatar is the default one', async () => {
    const [me, friend] = [nextId(), nextId()];
    await registerMember(svc, me, { username: 'old_me' });
    await registerMember(svc, friend, { username: 'friend' });
    await api.befriend(me, friend);
    const pending = nextId();
    await registerMember(svc, pending);
    await api.sendRequest(me, pending);

    await publish(svc, 'user.updated', snapshot(me, 'new_me', ''), me, me);
    await eventually(async () => (await memberRow(svc, me))?.username === 'new_me');
    expect((await api.get('/api/friends/list', friend)).json()).toEqual([
      { id: me, user_name: 'new_me', name: 'Ada Obi', profileImage: DEFAULT_AVATAR, verified: false },
    ]);
    const [request] = (await api.get('/api/friends/requests', pending)).json<FriendRequest[]>();
    expect(request).toMatchObject({ fromUserId: me, fromUsername: 'new_me', fromProfileImage: DEFAULT_AVATAR });
  });

  it('never lets an older snapshot overwrite a newer one, and keeps the sign-up time and activation', async () => {
    const me = nextId();
    const joinedAt = nextJoinedAt();
    await registerMember(svc, me, { username: 'first', joinedAt });
    const newer = buildEnvelope({ type: 'user.updated', aggregateId: me, actorId: me, payload: snapshot(me, 'newer') });
    const older = {
      ...buildEnvelope({ type: 'user.updated', aggregateId: me, actorId: me, payload: snapshot(me, 'older') }),
      occurredAt: '2020-01-01T00:00:00.000Z',
    };
    // A late copy of registration (a new event id, so not a duplicate): old snapshot, no deactivation.
    const lateRegistration = {
      ...buildEnvelope({ type: 'user.registered', aggregateId: me, actorId: me, payload: registered(me, 'registered-again', joinedAt) }),
      occurredAt: '2020-01-01T00:00:00.000Z',
    };
    await svc.adapters.bus.publish(
      [newer, older, lateRegistration].map((e) => ({
        topic: topicOf(e.type as 'user.updated'),
        key: String(me),
        value: JSON.stringify(e),
      })),
    );
    // Same key, so they are handled in order: once the last is processed, the others have had their chance to do harm.
    await eventually(() => processed(svc, lateRegistration.id));
    expect(await processed(svc, newer.id)).toBe(true);
    expect(await memberRow(svc, me)).toMatchObject({ username: 'newer', activated: true, joinedAt: new Date(joinedAt) });
  });

  it('applies a redelivered event once (processed-events record), and a replayed sequence leaves the same state', async () => {
    const me = nextId();
    const joinedAt = nextJoinedAt();
    const at = (second: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, second)).toISOString();
    const events = [
      {
        ...buildEnvelope({ type: 'user.registered', aggregateId: me, actorId: me, payload: registered(me, 'twice', joinedAt) }),
        occurredAt: at(1),
      },
      { ...buildEnvelope({ type: 'user.activated', aggregateId: me, actorId: me, payload: { userId: me } }), occurredAt: at(2) },
      { ...buildEnvelope({ type: 'user.updated', aggregateId: me, actorId: me, payload: snapshot(me, 'renamed') }), occurredAt: at(3) },
    ];
    const messages = events.map((e) => ({ topic: topicOf(e.type as 'user.updated'), key: String(me), value: JSON.stringify(e) }));
    await svc.adapters.bus.publish([...messages, ...messages]);
    await eventually(async () => (await memberRow(svc, me))?.username === 'renamed');
    const once = await memberRow(svc, me);
    expect(once).toMatchObject({ username: 'renamed', activated: true, joinedAt: new Date(joinedAt) });
    for (const event of events) {
      const rows = await svc.ctx.db
        .select()
        .from(svc.ctx.tables.processedEvents)
        .where(eq(svc.ctx.tables.processedEvents.eventId, event.id));
      expect(rows).toHaveLength(1);
    }

    // The whole sequence again as new events (a replay from the beginning with fresh ids).
    const replay = events.map((e) => ({ ...e, id: crypto.randomUUID() }));
    await svc.adapters.bus.publish(
      replay.map((e) => ({ topic: topicOf(e.type as 'user.updated'), key: String(me), value: JSON.stringify(e) })),
    );
    await eventually(() => processed(svc, replay.at(-1)!.id));
    expect(await memberRow(svc, me)).toEqual(once);
  });

  it('takes an activation that arrives before the registration, and fills the name in afterwards', async () => {
    const me = nextId();
    const activation = await publish(svc, 'user.activated', { userId: me }, me, me);
    await eventually(() => processed(svc, activation));
    expect(await memberRow(svc, me)).toMatchObject({ username: `member${me}`, profileImage: DEFAULT_AVATAR, activated: true });
    const joinedAt = nextJoinedAt();
    const registration = await publish(svc, 'user.registered', registered(me, 'late', joinedAt), me, me);
    await eventually(() => processed(svc, registration));
    expect(await memberRow(svc, me)).toMatchObject({ username: 'late', activated: true, joinedAt: new Date(joinedAt) });
  });
});
