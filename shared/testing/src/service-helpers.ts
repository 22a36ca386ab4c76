/**
 * What every service's tests do the same way: member ids no other run uses, events published as
 * their owning service would, the events a service wrote to its outbox, and calls to its routes as
 * a member (or anonymously). Each service's test-support adds only what is its own.
 */
import { topicOf, type EventEnvelope, type EventPayload, type EventType } from '@kora/contracts';
import { buildEnvelope, findMember, type MemberSnapshotTable } from '@kora/platform';
import { eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { eventually } from './adapters.js';
import type { TestService } from './service.js';

/**
 * Member ids from a random base far above the ids a real database hands out, so events a test
 * publishes on a shared broker never describe a member some other run (or the product) knows.
 */
export function memberIds(): () => number {
  let next = 1_000_000_000 + randomInt(0, 2 ** 40);
  return () => next++;
}

/** Publishes an event as its owning service would, keyed like it (what consumers order by). */
export async function publishEvent<T extends EventType>(
  svc: TestService,
  type: T,
  payload: EventPayload<T>,
  key: string | number,
  actorId: number | null = null,
): Promise<EventEnvelope<EventPayload<T>>> {
  const envelope = buildEnvelope({ type, aggregateId: key, actorId, payload });
  await svc.adapters.bus.publish([{ topic: topicOf(type), key: String(key), value: JSON.stringify(envelope) }]);
  return envelope;
}

/** A member as auth's `user.updated` describes them. */
export function memberSnapshot(
  userId: number,
  username: string,
  profileImage = `/uploads/profile/${userId}.webp`,
): EventPayload<'user.updated'> {
  return { userId, username, firstname: 'Ada', lastname: 'Obi', profileImage, coverImage: null, bio: '', role: 'user' };
}

export interface OutboxEvent {
  type: string;
  aggregateId: string;
  actorId: number | null;
  payload: Record<string, unknown>;
  topic: string;
  key: string;
}

/** Events the service wrote to its outbox (the relay publishes them), oldest first. */
export async function outboxEvents(svc: TestService, type?: string): Promise<OutboxEvent[]> {
  const outbox = svc.ctx.tables.outbox;
  const rows = await svc.ctx.db.select().from(outbox).orderBy(outbox.seq);
  return rows
    .map((r) => ({ ...(r.envelope as Omit<OutboxEvent, 'topic' | 'key'>), topic: r.topic, key: r.key }))
    .filter((e) => !type || e.type === type);
}

/** Calls a service's routes as a member (`userId`), or anonymously with `null`. */
export function memberClient(svc: TestService) {
  const headers = (userId: number | null) => (userId === null ? {} : svc.as({ userId }));
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (url: string, userId: number | null, payload?: unknown) =>
    svc.app.inject({ method, url, headers: headers(userId), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') };
}

/** True once the service's consumers have handled the event (its id is in the processed-events record). */
export async function processed(svc: TestService, eventId: string): Promise<boolean> {
  const p = svc.ctx.tables.processedEvents;
  return (await svc.ctx.db.select().from(p).where(eq(p.eventId, eventId))).length > 0;
}

/**
 * Announces a member's sign-up as auth does (`user.registered`) and waits until the service's
 * member snapshot (`members`) has them.
 */
export async function announceMember(svc: TestService, members: MemberSnapshotTable, userId: number, username: string): Promise<void> {
  await publishEvent(
    svc,
    'user.registered',
    { ...memberSnapshot(userId, username), email: `${userId}@example.ng`, createdAt: new Date().toISOString() },
    userId,
    userId,
  );
  await eventually(async () => (await findMember(svc.ctx.db, members, userId))?.username === username);
}

/** An error answer: `status`, the product text in `error` and `message`, and a code. */
export function expectError(res: { statusCode: number; body: string; json(): unknown }, status: number, text: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ error: text, message: text, code: expect.any(String) });
}
