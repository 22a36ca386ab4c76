/**
 * Helpers for the friends service's tests: start it on the test adapters, make member ids no other
 * run uses, feed it auth's member events through the same bus its consumer reads, call its routes
 * as a member (or anonymously), and read what it wrote to its outbox. Works the same on the
 * embedded engines and on real PostgreSQL/Kafka (shared topics: filter by our own ids).
 */
import type { EventPayload, EventType, FriendRequest, PrivacySettings } from '@kora/contracts';
import {
  announcePrivacy,
  eventually,
  memberClient,
  memberSnapshot,
  outboxEvents,
  publishEvent,
  serviceForFile,
  startTestService,
  type OutboxEvent,
  type TestService,
} from '@kora/testing';
import { findMember, type MemberRow } from '@kora/platform/service';
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { createFriendsService, type FriendsOptions } from './app.js';
import { friendsSchema, type FriendsTables } from './db/schema.js';

export interface FriendsTestService extends TestService {
  tables: FriendsTables;
}

export async function startFriends(options: FriendsOptions = {}): Promise<FriendsTestService> {
  const svc = await startTestService(createFriendsService(options));
  return Object.assign(svc, { tables: friendsSchema(svc.ctx.schema) });
}

export { memberIds, outboxEvents, type OutboxEvent } from '@kora/testing';

/** The service for one test file: started before its tests and closed after them; `api` calls it. */
export function useFriendsService(): { readonly svc: FriendsTestService; readonly api: ReturnType<typeof client> } {
  return serviceForFile('friends', startFriends, client);
}

/** Publishes an event as its owning service would; answers its id. */
export async function publish<T extends EventType>(
  svc: TestService,
  type: T,
  payload: EventPayload<T>,
  key: string | number,
  actorId: number | null = null,
): Promise<string> {
  return (await publishEvent(svc, type, payload, key, actorId)).id;
}

export const snapshot = memberSnapshot;

/** A member's row in the projection, as the service reads it. */
export const memberRow = (svc: FriendsTestService, userId: number): Promise<MemberRow | undefined> =>
  findMember(svc.ctx.db, svc.tables.members, userId);

/** An error answer: `status`, the product `message`, and the error body's shape. */
export function expectError(res: { statusCode: number; json(): unknown }, status: number, message: string): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ message, code: expect.any(String), error: expect.any(String) });
}

/**
 * Sign-up times far in the future and increasing, so the members a test registers are the newest
 * the service knows (suggestions list the newest first) even on a broker other runs also feed.
 */
let joinedClock = Date.UTC(2200, 0, 1) + randomInt(0, 1_000_000) * 1000;
export const nextJoinedAt = () => new Date((joinedClock += 1000)).toISOString();

/**
 * Announces a member the way auth does (registered, then activated unless `activated: false`),
 * and waits until the friends service has applied it.
 */
export async function registerMember(
  svc: FriendsTestService,
  userId: number,
  options: { username?: string; activated?: boolean; profileImage?: string; joinedAt?: string; firstname?: string; lastname?: string } = {},
): Promise<void> {
  const { username = `user${userId}`, activated = true, joinedAt = nextJoinedAt() } = options;
  // The snapshot's names are "Ada Obi" unless the test gives others (blank ones show the username).
  const names = {
    ...(options.firstname !== undefined && { firstname: options.firstname }),
    ...(options.lastname !== undefined && { lastname: options.lastname }),
  };
  await publish(
    svc,
    'user.registered',
    { ...snapshot(userId, username, options.profileImage), ...names, email: `${userId}@example.ng`, createdAt: joinedAt },
    userId,
    userId,
  );
  if (activated) await publish(svc, 'user.activated', { userId }, userId, userId);
  await eventually(async () => (await memberRow(svc, userId))?.activated === activated);
}

/** A member's privacy settings, announced as the settings service does and applied by the service. */
export const setPrivacy = (svc: FriendsTestService, userId: number, changes: Partial<PrivacySettings>) =>
  announcePrivacy(svc, svc.tables.privacy, userId, changes);

/** `count` numbers as a tuple, so destructuring them needs no `!`. */
export type Ids<N extends number, R extends number[] = []> = R['length'] extends N ? R : Ids<N, [...R, number]>;

/** Fresh activated members with default names, from `nextId`. */
export async function registerMembers<N extends number>(svc: FriendsTestService, nextId: () => number, count: N): Promise<Ids<N>> {
  const ids = Array.from({ length: count }, () => nextId());
  for (const id of ids) await registerMember(svc, id);
  return ids as Ids<N>;
}

/** Events about one pair, oldest first (the outbox holds every test's events). */
export async function pairEvents(svc: TestService, a: number, b: number): Promise<OutboxEvent[]> {
  const ids = new Set([a, b]);
  return (await outboxEvents(svc)).filter((e) => ids.has(e.payload.fromUserId as number) && ids.has(e.payload.toUserId as number));
}

/** Request helpers for one service, each as a given member (or anonymous with `null`). */
export function client(svc: TestService) {
  const api = {
    ...memberClient(svc),
    /** `from` asks `to`; fails the test unless a new request was created (201). */
    async sendRequest(from: number, to: number): Promise<FriendRequest> {
      const res = await api.post('/api/friends/requests', from, { toUserId: to });
      if (res.statusCode !== 201) throw new Error(`send request failed: ${res.statusCode} ${res.body}`);
      return res.json<{ request: FriendRequest }>().request;
    },
    /** `a` asks `b` and `b` accepts: they are friends. */
    async befriend(a: number, b: number): Promise<void> {
      const request = await api.sendRequest(a, b);
      const res = await api.put(`/api/friends/requests/${request.id}`, b, { action: 'accepted' });
      if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
    },
  };
  return api;
}
