/**
 * Helpers for the groups service's tests: start it on the test adapters, call its routes as a
 * member (or anonymously), set up a group with people in each role, announce members as auth does,
 * and read what the service announced about one group. Works the same on the embedded engines and
 * on real PostgreSQL/Kafka (each run has its own schema; the broker is shared, so ids are fresh).
 */
import type { CreateGroupBody, GroupActionAnswer, GroupDetail } from '@kora/contracts';
import {
  announceMember,
  memberClient,
  outboxEvents,
  serviceForFile,
  startTestService,
  type OutboxEvent,
  type TestService,
} from '@kora/testing';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createGroupsService } from './app.js';
import { groupsSchema, type GroupsTables } from './db/schema.js';

export { memberIds } from '@kora/testing';

export interface GroupsTestService extends TestService {
  tables: GroupsTables;
}

export async function startGroups(): Promise<GroupsTestService> {
  const svc = await startTestService(createGroupsService());
  return Object.assign(svc, { tables: groupsSchema(svc.ctx.schema) });
}

/** The service for one test file: started before its tests and closed after them. */
export function useGroupsService(): { readonly svc: GroupsTestService; readonly api: GroupsClient } {
  return serviceForFile('groups', startGroups, client);
}

export type GroupsClient = ReturnType<typeof client>;

/** Request helpers, each as a given member (or anonymous with `null`); they fail the test on a refusal. */
export function client(svc: TestService) {
  const api = memberClient(svc);
  const ok = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  return {
    ...api,
    ok,
    async create(ownerId: number, body: Partial<CreateGroupBody> = {}): Promise<GroupDetail> {
      return ok(await api.post('/api/groups', ownerId, { title: 'Lagos Food Lovers', ...body }), 201);
    },
    async join(userId: number, groupId: number): Promise<GroupActionAnswer> {
      return ok(await api.post(`/api/groups/${groupId}/join`, userId));
    },
    async approve(reviewerId: number, groupId: number, userId: number): Promise<GroupActionAnswer> {
      return ok(await api.post(`/api/groups/${groupId}/requests/${userId}/approve`, reviewerId));
    },
    async setRole(ownerId: number, groupId: number, userId: number, role: 'owner' | 'admin' | 'member'): Promise<GroupActionAnswer> {
      return ok(await api.put(`/api/groups/${groupId}/members/${userId}/role`, ownerId, { role }));
    },
  };
}

/** A group with one member in each place: owner, admin, member, pending, and an outsider. */
export interface Cast {
  groupId: number;
  owner: number;
  admin: number;
  member: number;
  pending: number;
  outsider: number;
}

/**
 * A private group with its cast: the owner, an admin, a member (both approved), a member waiting
 * for approval, and an outsider with no row.
 */
export async function groupWithCast(api: GroupsClient, nextId: () => number, title = 'Abuja Tech Meetup'): Promise<Cast> {
  const [owner, admin, member, pending, outsider] = [nextId(), nextId(), nextId(), nextId(), nextId()];
  const { group_id: groupId } = await api.create(owner, { title, privacy: 'private' });
  for (const who of [admin, member]) {
    await api.join(who, groupId);
    await api.approve(owner, groupId, who);
  }
  await api.setRole(owner, groupId, admin, 'admin');
  await api.join(pending, groupId);
  return { groupId, owner, admin, member, pending, outsider };
}

/** The `type` events (all when none) the service announced about one group, oldest first. */
export async function groupEvents(svc: TestService, groupId: number, type?: string): Promise<OutboxEvent[]> {
  return (await outboxEvents(svc, type)).filter((e) => e.aggregateId === String(groupId));
}

/** The group's stored member count and its approved rows, to compare. */
export async function countsOf(svc: GroupsTestService, groupId: number): Promise<{ stored: number; approved: number }> {
  const { groups: g, memberships: m } = svc.tables;
  const [group] = await svc.ctx.db.select({ n: g.memberCount }).from(g).where(eq(g.id, groupId));
  const rows = await svc.ctx.db
    .select({ userId: m.userId })
    .from(m)
    .where(and(eq(m.groupId, groupId), eq(m.status, 'approved')));
  return { stored: group?.n ?? -1, approved: rows.length };
}

/** Announces a member's sign-up as auth does and waits until the service's snapshot has them. */
export async function registerMember(svc: GroupsTestService, userId: number, username: string): Promise<void> {
  await announceMember(svc, svc.tables.members, userId, username);
}

export { expectError } from '@kora/testing';
