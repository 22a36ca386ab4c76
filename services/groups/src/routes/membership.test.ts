/**
 * Joining and leaving for each place a member may have in a group, what each announces, and the
 * member count under concurrency: 50 members joining and leaving at once (and one member joining
 * twice at once) leave it equal to the approved rows.
 */
import { groupTexts as t, type GroupActionAnswer } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { countsOf, expectError, groupEvents, groupWithCast, memberIds, useGroupsService } from '../test-support.js';

describe(`joining and leaving (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useGroupsService();
  const nextId = memberIds();

  it('refuses anonymous callers', async () => {
    const { api } = service;
    const group = await api.create(nextId());
    expect((await api.post(`/api/groups/${group.group_id}/join`, null)).statusCode).toBe(401);
    expect((await api.delete(`/api/groups/${group.group_id}/leave`, null)).statusCode).toBe(401);
  });

  it('makes a member of a public group at once, and joining again changes nothing', async () => {
    const { api, svc } = service;
    const [ada, bola] = [nextId(), nextId()];
    const group = await api.create(ada);
    const first = await api.join(bola, group.group_id);
    expect(first).toMatchObject({ message: t.requestSent, group: { joined: '1', approved: '1', role: 'member', group_members: 2 } });
    expect(await api.join(bola, group.group_id)).toEqual(first);
    expect(await countsOf(svc, group.group_id)).toEqual({ stored: 2, approved: 2 });
    const joined = await groupEvents(svc, group.group_id, 'group.member-joined');
    expect(joined.map((e) => e.payload)).toEqual([
      { groupId: group.group_id, userId: ada, role: 'owner' },
      { groupId: group.group_id, userId: bola, role: 'member' },
    ]);
    expect(joined[1]?.actorId).toBe(bola);
  });

  it('records a request to join a private group, naming the owner and admins who may answer it', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    const asked = nextId();
    const answer = await api.join(asked, cast.groupId);
    expect(answer).toMatchObject({ message: t.requestSent, group: { joined: '1', approved: '0', role: null, group_members: 3 } });
    expect(await api.join(asked, cast.groupId)).toEqual(answer);
    const requested = (await groupEvents(svc, cast.groupId, 'group.join-requested')).filter((e) => e.payload.userId === asked);
    expect(requested).toHaveLength(1);
    expect(requested[0]?.payload).toMatchObject({ groupId: cast.groupId, groupTitle: 'Abuja Tech Meetup' });
    expect([...(requested[0]?.payload.reviewerIds as number[])].sort()).toEqual([cast.owner, cast.admin].sort());
    // Joining again as a member changes nothing either.
    expect((await api.join(cast.member, cast.groupId)).group).toMatchObject({ joined: '1', approved: '1', role: 'member' });
    expect(await countsOf(svc, cast.groupId)).toEqual({ stored: 3, approved: 3 });
  });

  it('takes a body-less join with or without a JSON content type', async () => {
    const { svc } = service;
    const group = await service.api.create(nextId());
    const url = `/api/groups/${group.group_id}/join`;
    const bare = await svc.app.inject({ method: 'POST', url, headers: svc.as({ userId: nextId() }) });
    expect(bare.statusCode, bare.body).toBe(200);
    const typed = await svc.app.inject({
      method: 'POST',
      url,
      headers: { ...svc.as({ userId: nextId() }), 'content-type': 'application/json' },
      payload: '',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(await countsOf(svc, group.group_id)).toEqual({ stored: 3, approved: 3 });
  });

  it('answers 404 for a group that does not exist', async () => {
    const { api } = service;
    expectError(await api.post('/api/groups/999999999/join', nextId()), 404, t.notFound);
    expectError(await api.post('/api/groups/x1/join', nextId()), 404, t.notFound);
    expectError(await api.delete('/api/groups/999999999/leave', nextId()), 404, t.notFound);
  });

  it('lets a member leave, a pending member withdraw, an outsider change nothing, and not the owner', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    const leave = async (who: number) => api.ok<GroupActionAnswer>(await api.delete(`/api/groups/${cast.groupId}/leave`, who));

    expect(await leave(cast.member)).toMatchObject({
      message: t.leftGroup,
      group: { joined: '0', approved: '0', role: null, group_members: 2 },
    });
    expect((await groupEvents(svc, cast.groupId, 'group.member-left')).map((e) => e.payload)).toEqual([
      { groupId: cast.groupId, userId: cast.member, removedBy: null },
    ]);

    expect(await leave(cast.pending)).toMatchObject({ message: t.leftGroup, group: { joined: '0', group_members: 2 } });
    expect((await groupEvents(svc, cast.groupId, 'group.join-withdrawn')).map((e) => e.payload)).toEqual([
      { groupId: cast.groupId, userId: cast.pending },
    ]);

    const before = (await groupEvents(svc, cast.groupId)).length;
    expect(await leave(cast.outsider)).toMatchObject({ message: t.leftGroup, group: { joined: '0', group_members: 2 } });
    expect(await leave(cast.member)).toMatchObject({ group: { joined: '0' } });
    expect(await groupEvents(svc, cast.groupId)).toHaveLength(before);

    expectError(await api.delete(`/api/groups/${cast.groupId}/leave`, cast.owner), 409, t.ownerCannotLeave);
    expect(await leave(cast.admin)).toMatchObject({ group: { group_members: 1 } });
    expect(await countsOf(svc, cast.groupId)).toEqual({ stored: 1, approved: 1 });
  });

  it('keeps the count equal to the approved rows under 50 parallel joins and leaves', async () => {
    const { api, svc } = service;
    const group = await api.create(nextId());
    const people = Array.from({ length: 50 }, () => nextId());
    // Half of them joined already: they leave while the other half join, all at once.
    for (const who of people.slice(0, 25)) await api.join(who, group.group_id);
    const calls = people.map((who, i) =>
      i < 25 ? api.delete(`/api/groups/${group.group_id}/leave`, who) : api.post(`/api/groups/${group.group_id}/join`, who),
    );
    // And one member joins twice at once, another leaves twice at once.
    const twice = nextId();
    calls.push(api.post(`/api/groups/${group.group_id}/join`, twice), api.post(`/api/groups/${group.group_id}/join`, twice));
    calls.push(api.delete(`/api/groups/${group.group_id}/leave`, people[0]!));
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await countsOf(svc, group.group_id)).toEqual({ stored: 27, approved: 27 });
    expect((await groupEvents(svc, group.group_id, 'group.member-joined')).filter((e) => e.payload.userId === twice)).toHaveLength(1);
    expect((await groupEvents(svc, group.group_id, 'group.member-left')).filter((e) => e.payload.userId === people[0])).toHaveLength(1);
  });
});
