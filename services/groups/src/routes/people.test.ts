/**
 * A group's members and join requests: who may list them, answering requests (and two reviewers
 * approving one request at once), removing members and changing roles, for every role including
 * the refused ones, with what each announces.
 */
import { groupTexts as t, unknownMember, type GroupActionAnswer, type GroupMember, type GroupRequest } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { countsOf, expectError, groupEvents, groupWithCast, memberIds, registerMember, useGroupsService } from '../test-support.js';

describe(`group members and requests (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useGroupsService();
  const nextId = memberIds();

  it('refuses anonymous callers on every route', async () => {
    const { api } = service;
    expect((await api.get('/api/groups/1/members', null)).statusCode).toBe(401);
    expect((await api.get('/api/groups/1/requests', null)).statusCode).toBe(401);
    expect((await api.post('/api/groups/1/requests/2/approve', null)).statusCode).toBe(401);
    expect((await api.post('/api/groups/1/requests/2/decline', null)).statusCode).toBe(401);
    expect((await api.delete('/api/groups/1/members/2', null)).statusCode).toBe(401);
    expect((await api.put('/api/groups/1/members/2/role', null, { role: 'admin' })).statusCode).toBe(401);
  });

  it("lists a private group's members, owner then admins then by joining, to its members only", async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    await registerMember(svc, cast.member, 'bola.ade');
    for (const who of [cast.owner, cast.admin, cast.member]) {
      const members = api.ok<GroupMember[]>(await api.get(`/api/groups/${cast.groupId}/members`, who));
      expect(members.map((m) => [m.userId, m.role])).toEqual([
        [cast.owner, 'owner'],
        [cast.admin, 'admin'],
        [cast.member, 'member'],
      ]);
      // `name` is the display name, beside the older `displayName`.
      expect(members[2]).toMatchObject({
        username: 'bola.ade',
        displayName: 'Ada Obi',
        name: 'Ada Obi',
        profileImage: `/uploads/profile/${cast.member}.webp`,
      });
      // Not known to the snapshot yet: the unknown member's username, which is its name too.
      expect(members[0]).toMatchObject({
        username: unknownMember(cast.owner).username,
        name: unknownMember(cast.owner).name,
        displayName: unknownMember(cast.owner).name,
      });
    }
    for (const who of [cast.pending, cast.outsider])
      expectError(await api.get(`/api/groups/${cast.groupId}/members`, who), 403, t.membersOnlyMembers);
    expectError(await api.get('/api/groups/999999999/members', cast.owner), 404, t.notFound);
  });

  it("lists a public group's members to anyone, a page at a time", async () => {
    const { api } = service;
    const owner = nextId();
    const group = await api.create(owner);
    const joiners = [nextId(), nextId(), nextId(), nextId()];
    for (const who of joiners) await api.join(who, group.group_id);
    const seen: number[] = [];
    let url: string | null = `/api/groups/${group.group_id}/members?limit=2`;
    let pages = 0;
    while (url) {
      const res = await api.get(url, nextId());
      seen.push(...api.ok<GroupMember[]>(res).map((m) => m.userId));
      const link = res.headers.link as string | undefined;
      url = link ? (/<([^>]+)>/.exec(link)?.[1] ?? null) : null;
      pages++;
    }
    expect(seen).toEqual([owner, ...joiners]);
    expect(pages).toBe(3);
    expectError(await api.get(`/api/groups/${group.group_id}/members?cursor=bm9wZQ`, owner), 400, t.cursorInvalid);
    expectError(
      await api.get(
        `/api/groups/${group.group_id}/members?cursor=${Buffer.from('2|2025-02-30T00:00:00.000000Z|5').toString('base64url')}`,
        owner,
      ),
      400,
      t.cursorInvalid,
    );
    expectError(await api.get(`/api/groups/${group.group_id}/members?limit=51`, owner), 400, t.limitTooLarge);
  });

  it('lists join requests oldest first to the owner and admins only', async () => {
    const { api } = service;
    const cast = await groupWithCast(api, nextId);
    const later = [nextId(), nextId()];
    for (const who of later) await api.join(who, cast.groupId);
    for (const who of [cast.owner, cast.admin]) {
      const first = await api.get(`/api/groups/${cast.groupId}/requests?limit=2`, who);
      const second = await api.get(`/api/groups/${cast.groupId}/requests?limit=2&cursor=${first.headers['x-next-cursor'] as string}`, who);
      const requests = [...api.ok<GroupRequest[]>(first), ...api.ok<GroupRequest[]>(second)];
      expect(requests.map((r) => r.userId)).toEqual([cast.pending, ...later]);
      expect(requests.every((r) => r.name === `member${r.userId}` && r.displayName === r.name)).toBe(true); // none known to the snapshot
      expect(second.headers['x-next-cursor']).toBeUndefined();
    }
    for (const who of [cast.member, cast.pending, cast.outsider])
      expectError(await api.get(`/api/groups/${cast.groupId}/requests`, who), 403, t.reviewersOnly);
  });

  it('lets the owner and admins approve a request: a member, counted, announced', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    for (const who of [cast.member, cast.pending, cast.outsider]) {
      expectError(await api.post(`/api/groups/${cast.groupId}/requests/${cast.pending}/approve`, who), 403, t.reviewersOnly);
    }
    const answer = api.ok<GroupActionAnswer>(await api.post(`/api/groups/${cast.groupId}/requests/${cast.pending}/approve`, cast.admin));
    expect(answer).toMatchObject({ message: t.approved, group: { group_members: 4, pendingRequests: 0, role: 'admin' } });
    const events = (await groupEvents(svc, cast.groupId)).filter((e) => e.payload.userId === cast.pending).map((e) => [e.type, e.payload]);
    expect(events.slice(-2)).toEqual([
      ['group.join-approved', { groupId: cast.groupId, userId: cast.pending, groupTitle: 'Abuja Tech Meetup', approvedBy: cast.admin }],
      ['group.member-joined', { groupId: cast.groupId, userId: cast.pending, role: 'member' }],
    ]);
    expectError(await api.post(`/api/groups/${cast.groupId}/requests/${cast.pending}/approve`, cast.owner), 404, t.noRequest);
    expectError(await api.post(`/api/groups/${cast.groupId}/requests/${cast.outsider}/approve`, cast.owner), 404, t.noRequest);
    expectError(await api.post(`/api/groups/${cast.groupId}/requests/abc/approve`, cast.owner), 404, t.noRequest);
    expect(await countsOf(svc, cast.groupId)).toEqual({ stored: 4, approved: 4 });
  });

  it('counts a request approved by two reviewers at once once', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    const [a, b] = await Promise.all(
      [cast.owner, cast.admin].map((who) => api.post(`/api/groups/${cast.groupId}/requests/${cast.pending}/approve`, who)),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 404]);
    expect(await countsOf(svc, cast.groupId)).toEqual({ stored: 4, approved: 4 });
    expect((await groupEvents(svc, cast.groupId, 'group.join-approved')).filter((e) => e.payload.userId === cast.pending)).toHaveLength(1);
  });

  it('lets the owner and admins decline a request: the row goes, nothing counted', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    for (const who of [cast.member, cast.pending, cast.outsider]) {
      expectError(await api.post(`/api/groups/${cast.groupId}/requests/${cast.pending}/decline`, who), 403, t.reviewersOnly);
    }
    const answer = api.ok<GroupActionAnswer>(
      await api.post(`/api/groups/${cast.groupId}/requests/${cast.pending}/decline`, cast.owner, {}),
    );
    expect(answer).toMatchObject({ message: t.declined, group: { group_members: 3, pendingRequests: 0 } });
    expect((await groupEvents(svc, cast.groupId, 'group.join-declined')).map((e) => e.payload)).toEqual([
      { groupId: cast.groupId, userId: cast.pending, declinedBy: cast.owner },
    ]);
    expectError(await api.post(`/api/groups/${cast.groupId}/requests/${cast.pending}/decline`, cast.owner), 404, t.noRequest);
    expectError(await api.post(`/api/groups/${cast.groupId}/requests/${cast.member}/decline`, cast.owner), 404, t.noRequest);
    // Declined, they may ask again.
    expect((await api.join(cast.pending, cast.groupId)).group).toMatchObject({ joined: '1', approved: '0' });
  });

  it('lets admins remove plain members, the owner anyone but themselves', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    const remove = (actor: number, target: number) => api.delete(`/api/groups/${cast.groupId}/members/${target}`, actor);
    const other = nextId();
    await api.join(other, cast.groupId);
    await api.approve(cast.owner, cast.groupId, other);

    expectError(await remove(cast.member, other), 403, t.reviewersOnly);
    expectError(await remove(cast.pending, other), 403, t.reviewersOnly);
    expectError(await remove(cast.outsider, other), 403, t.reviewersOnly);
    expectError(await remove(cast.admin, cast.owner), 403, t.ownerCannotBeRemoved);
    expectError(await remove(cast.owner, cast.owner), 403, t.ownerCannotBeRemoved);
    expectError(await remove(cast.admin, cast.admin), 403, t.adminsCannotRemoveAdmins);
    expectError(await remove(cast.owner, cast.pending), 404, t.notAMember);
    expectError(await remove(cast.owner, cast.outsider), 404, t.notAMember);

    expect(api.ok<GroupActionAnswer>(await remove(cast.admin, other))).toMatchObject({ message: t.removed, group: { group_members: 3 } });
    expect(api.ok<GroupActionAnswer>(await remove(cast.owner, cast.admin))).toMatchObject({
      message: t.removed,
      group: { group_members: 2 },
    });
    expect((await groupEvents(svc, cast.groupId, 'group.member-left')).map((e) => e.payload)).toEqual([
      { groupId: cast.groupId, userId: other, removedBy: cast.admin },
      { groupId: cast.groupId, userId: cast.admin, removedBy: cast.owner },
    ]);
    expect(await countsOf(svc, cast.groupId)).toEqual({ stored: 2, approved: 2 });
  });

  it('lets the owner alone change roles, announcing only real changes', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    const setRole = (actor: number, target: number, role: unknown) =>
      api.put(`/api/groups/${cast.groupId}/members/${target}/role`, actor, { role });
    for (const who of [cast.admin, cast.member, cast.pending, cast.outsider])
      expectError(await setRole(who, cast.member, 'admin'), 403, t.ownerOnly);
    expectError(await setRole(cast.owner, cast.member, 'king'), 400, t.roleInvalid);
    expectError(await setRole(cast.owner, cast.pending, 'admin'), 404, t.notAMember);
    expectError(await setRole(cast.owner, cast.outsider, 'admin'), 404, t.notAMember);
    expectError(await setRole(cast.owner, cast.owner, 'admin'), 409, t.ownerRoleFixed);

    const before = (await groupEvents(svc, cast.groupId, 'group.role-changed')).length;
    expect(api.ok<GroupActionAnswer>(await setRole(cast.owner, cast.member, 'admin'))).toMatchObject({ message: t.roleChanged });
    expect(api.ok(await setRole(cast.owner, cast.member, 'admin'))).toMatchObject({ message: t.roleChanged });
    expect(api.ok(await setRole(cast.owner, cast.admin, 'member'))).toMatchObject({ message: t.roleChanged });
    const changed = (await groupEvents(svc, cast.groupId, 'group.role-changed')).slice(before).map((e) => e.payload);
    expect(changed).toEqual([
      { groupId: cast.groupId, userId: cast.member, role: 'admin' },
      { groupId: cast.groupId, userId: cast.admin, role: 'member' },
    ]);
    // The new admin reviews requests; the demoted one no longer does.
    expect((await api.get(`/api/groups/${cast.groupId}/requests`, cast.member)).statusCode).toBe(200);
    expectError(await api.get(`/api/groups/${cast.groupId}/requests`, cast.admin), 403, t.reviewersOnly);
  });

  it('hands the group over: the member owns it, the former owner stays on as an admin', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    const answer = api.ok<GroupActionAnswer>(
      await api.put(`/api/groups/${cast.groupId}/members/${cast.member}/role`, cast.owner, { role: 'owner' }),
    );
    expect(answer).toMatchObject({ message: t.handedOver, group: { ownerId: cast.member, role: 'admin', group_members: 3 } });
    const events = (await groupEvents(svc, cast.groupId)).slice(-3).map((e) => [e.type, e.payload]);
    expect(events[0]).toEqual(['group.role-changed', { groupId: cast.groupId, userId: cast.member, role: 'owner' }]);
    expect(events[1]).toEqual(['group.role-changed', { groupId: cast.groupId, userId: cast.owner, role: 'admin' }]);
    expect(events[2]?.[0]).toBe('group.updated');
    expect(events[2]?.[1]).toMatchObject({ ownerId: cast.member });
    // Now the former owner may leave, and may no longer edit; the new owner may not leave.
    expectError(await api.put(`/api/groups/${cast.groupId}`, cast.owner, { title: 'x' }), 403, t.ownerOnly);
    expectError(await api.delete(`/api/groups/${cast.groupId}/leave`, cast.member), 409, t.ownerCannotLeave);
    expect(api.ok<GroupActionAnswer>(await api.delete(`/api/groups/${cast.groupId}/leave`, cast.owner)).group).toMatchObject({
      joined: '0',
      group_members: 2,
    });
    const mine = api.ok<{ items: { group_id: number }[] }>(await api.get('/api/groups?tab=mine', cast.member));
    expect(mine.items.map((g) => g.group_id)).toContain(cast.groupId);
  });
});
