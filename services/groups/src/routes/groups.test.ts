/**
 * Groups themselves: the three tabs with search and the product's offset cursor, creating, reading,
 * editing and deleting a group, each refused to the roles that may not, with the product's texts.
 */
import { groupLimits, groupTexts as t, type GroupDetail, type GroupListAnswer } from '@kora/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countsOf, expectError, groupEvents, groupWithCast, memberIds, useGroupsService } from '../test-support.js';

const picture = '/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp';

describe(`groups (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useGroupsService();
  const nextId = memberIds();
  const list = async (userId: number, query: string) =>
    service.api.ok<GroupListAnswer>(await service.api.get(`/api/groups?${query}`, userId));
  /** A word no other test's groups contain, to search this test's groups alone. */
  const word = () => `w${randomUUID().slice(0, 8)}`;

  it('refuses anonymous callers on every route', async () => {
    const { api } = service;
    expectError(await api.get('/api/groups', null), 401, 'Please sign in to continue');
    expect((await api.post('/api/groups', null, { title: 'x' })).statusCode).toBe(401);
    expect((await api.get('/api/groups/1', null)).statusCode).toBe(401);
    expect((await api.put('/api/groups/1', null, { title: 'x' })).statusCode).toBe(401);
    expect((await api.delete('/api/groups/1', null)).statusCode).toBe(401);
  });

  it('creates a group owned by its creator, its one member, and announces it', async () => {
    const { api, svc } = service;
    const ada = nextId();
    const res = await api.post('/api/groups', ada, {
      title: '  Lagos Food Lovers ',
      description: 'Where to eat',
      picture,
      privacy: 'private',
    });
    const group = api.ok<GroupDetail>(res, 201);
    expect(group).toMatchObject({
      group_title: 'Lagos Food Lovers',
      group_description: 'Where to eat',
      group_picture: picture,
      group_members: 1,
      joined: '1',
      approved: '1',
      privacy: 'private',
      ownerId: ada,
      role: 'owner',
      pendingRequests: 0,
    });
    expect(await countsOf(svc, group.group_id)).toEqual({ stored: 1, approved: 1 });
    const events = await groupEvents(svc, group.group_id);
    expect(events.map((e) => e.type)).toEqual(['group.created', 'group.member-joined']);
    expect(events[0]?.payload).toMatchObject({
      groupId: group.group_id,
      ownerId: ada,
      title: 'Lagos Food Lovers',
      privacy: 'private',
      picture,
    });
    expect(events[1]?.payload).toEqual({ groupId: group.group_id, userId: ada, role: 'owner' });
    expect(events[0]?.topic).toBe('groups.group');
  });

  it('refuses a group without a title, with a long title, a foreign picture or an unknown privacy', async () => {
    const { api } = service;
    const ada = nextId();
    expectError(await api.post('/api/groups', ada, {}), 400, t.titleRequired);
    expectError(await api.post('/api/groups', ada, { title: '   ' }), 400, t.titleRequired);
    expectError(await api.post('/api/groups', ada, { title: 'x'.repeat(groupLimits.maxTitleLength + 1) }), 400, t.titleTooLong);
    expectError(
      await api.post('/api/groups', ada, { title: 'x', description: 'd'.repeat(groupLimits.maxDescriptionLength + 1) }),
      400,
      t.descriptionTooLong,
    );
    expectError(await api.post('/api/groups', ada, { title: 'x', picture: 'https://evil.example/x.png' }), 400, t.pictureInvalid);
    expectError(await api.post('/api/groups', ada, { title: 'x', privacy: 'secret' }), 400, t.privacyInvalid);
  });

  it("shows a group's header to every member, with their own place in it and requests for reviewers only", async () => {
    const { api } = service;
    const cast = await groupWithCast(api, nextId);
    const detail = async (userId: number) => api.ok<GroupDetail>(await api.get(`/api/groups/${cast.groupId}`, userId));
    expect(await detail(cast.owner)).toMatchObject({ joined: '1', approved: '1', role: 'owner', pendingRequests: 1, group_members: 3 });
    expect(await detail(cast.admin)).toMatchObject({ joined: '1', approved: '1', role: 'admin', pendingRequests: 1 });
    expect(await detail(cast.member)).toMatchObject({ joined: '1', approved: '1', role: 'member', pendingRequests: 0 });
    expect(await detail(cast.pending)).toMatchObject({ joined: '1', approved: '0', role: null, pendingRequests: 0 });
    expect(await detail(cast.outsider)).toMatchObject({ joined: '0', approved: '0', role: null, pendingRequests: 0, privacy: 'private' });
    expectError(await api.get('/api/groups/999999999', cast.owner), 404, t.notFound);
    expectError(await api.get('/api/groups/abc', cast.owner), 404, t.notFound);
  });

  it('lets the owner alone edit the group, announcing its complete state', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    for (const who of [cast.admin, cast.member, cast.pending, cast.outsider]) {
      expectError(await api.put(`/api/groups/${cast.groupId}`, who, { title: 'Taken over' }), 403, t.ownerOnly);
    }
    const edited = api.ok<GroupDetail>(await api.put(`/api/groups/${cast.groupId}`, cast.owner, { description: 'Builders in Abuja' }));
    expect(edited).toMatchObject({
      group_title: 'Abuja Tech Meetup',
      group_description: 'Builders in Abuja',
      privacy: 'private',
      role: 'owner',
    });
    const [updated] = await groupEvents(svc, cast.groupId, 'group.updated');
    expect(updated?.payload).toMatchObject({
      title: 'Abuja Tech Meetup',
      description: 'Builders in Abuja',
      ownerId: cast.owner,
      privacy: 'private',
    });
    expectError(await api.put(`/api/groups/${cast.groupId}`, cast.owner, { title: '' }), 400, t.titleRequired);
    expectError(await api.put('/api/groups/999999999', cast.owner, { title: 'x' }), 404, t.notFound);
  });

  it('approves every waiting request when a private group is made public', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    const made = api.ok<GroupDetail>(await api.put(`/api/groups/${cast.groupId}`, cast.owner, { privacy: 'public' }));
    expect(made).toMatchObject({ privacy: 'public', group_members: 4, pendingRequests: 0 });
    expect(api.ok<GroupDetail>(await api.get(`/api/groups/${cast.groupId}`, cast.pending))).toMatchObject({
      joined: '1',
      approved: '1',
      role: 'member',
    });
    expect((await groupEvents(svc, cast.groupId, 'group.join-approved')).at(-1)?.payload).toMatchObject({
      userId: cast.pending,
      approvedBy: cast.owner,
    });
    expect(await countsOf(svc, cast.groupId)).toEqual({ stored: 4, approved: 4 });
  });

  it('lets the owner alone delete the group, its memberships with it', async () => {
    const { api, svc } = service;
    const cast = await groupWithCast(api, nextId);
    for (const who of [cast.admin, cast.member, cast.pending, cast.outsider]) {
      expectError(await api.delete(`/api/groups/${cast.groupId}`, who), 403, t.ownerOnly);
    }
    expect(api.ok(await api.delete(`/api/groups/${cast.groupId}`, cast.owner))).toEqual({ message: t.deleted });
    expectError(await api.get(`/api/groups/${cast.groupId}`, cast.owner), 404, t.notFound);
    expectError(await api.delete(`/api/groups/${cast.groupId}`, cast.owner), 404, t.notFound);
    expect(await countsOf(svc, cast.groupId)).toEqual({ stored: -1, approved: 0 });
    expect((await groupEvents(svc, cast.groupId, 'group.deleted'))[0]?.payload).toEqual({ groupId: cast.groupId, ownerId: cast.owner });
  });

  it('lists each tab: discover by members then newest, joined by joining, mine by newest', async () => {
    const { api } = service;
    const tag = word();
    const [ada, bola, chidi] = [nextId(), nextId(), nextId()];
    const small = await api.create(ada, { title: `Small ${tag}` });
    const big = await api.create(bola, { title: `Big ${tag}` });
    const closed = await api.create(bola, { title: `Closed ${tag}`, privacy: 'private' });
    const newest = await api.create(ada, { title: `Newest ${tag}` });
    await api.join(ada, big.group_id);

    const titles = (answer: GroupListAnswer) => answer.items.map((g) => g.group_title);
    // chidi is in none: big (2 members) first, then the newest of the one-member groups.
    expect(titles(await list(chidi, `q=${tag}`))).toEqual([`Big ${tag}`, `Newest ${tag}`, `Closed ${tag}`, `Small ${tag}`]);
    expect((await list(chidi, `tab=discover&q=${tag}`)).items.every((g) => g.joined === '0' && g.approved === '0')).toBe(true);
    // ada's own and joined groups are not hers to discover.
    expect(titles(await list(ada, `tab=discover&q=${tag}`))).toEqual([`Closed ${tag}`]);
    expect(titles(await list(ada, `tab=mine&q=${tag}`))).toEqual([`Newest ${tag}`, `Small ${tag}`]);

    await api.join(chidi, closed.group_id);
    await api.join(chidi, small.group_id);
    const joined = await list(chidi, `tab=joined&q=${tag}`);
    expect(joined.items.map((g) => [g.group_title, g.joined, g.approved])).toEqual([
      [`Small ${tag}`, '1', '1'],
      [`Closed ${tag}`, '1', '0'],
    ]);
    expect(titles(await list(ada, `tab=joined&q=${tag}`))).toEqual([`Big ${tag}`, `Newest ${tag}`, `Small ${tag}`]);
    expect(newest.group_id).toBeGreaterThan(small.group_id);
  });

  it('searches title and description whatever the case and accents, and takes % and _ literally', async () => {
    const { api } = service;
    const tag = word();
    const ada = nextId();
    await api.create(ada, { title: `Café Owners ${tag}` });
    await api.create(ada, { title: `Readers ${tag}`, description: 'ÀBÚJÁ book club' });
    await api.create(ada, { title: `100% Naija ${tag}` });
    const titles = async (q: string) => (await list(nextId(), `q=${encodeURIComponent(q)}`)).items.map((g) => g.group_title);
    expect(await titles(`cafe owners ${tag}`)).toEqual([`Café Owners ${tag}`]);
    expect(await titles(`CAFÉ OWNERS ${tag}`)).toEqual([`Café Owners ${tag}`]);
    expect(await titles(`${tag.toUpperCase()}`)).toHaveLength(3);
    expect((await titles('abuja book club')).filter((title) => title.endsWith(tag))).toEqual([`Readers ${tag}`]);
    expect(await titles(`100% naija ${tag}`)).toEqual([`100% Naija ${tag}`]);
    expect(await titles(`_ ${tag}`)).toEqual([]);
    // A blank search is no search.
    expect((await list(nextId(), 'q=%20%20')).items.length).toBeGreaterThan(0);
  });

  it('pages with the spec offset cursor to the end', async () => {
    const { api } = service;
    const tag = word();
    const ada = nextId();
    for (let i = 0; i < 5; i++) await api.create(ada, { title: `Page ${i} ${tag}` });
    const seen: string[] = [];
    let cursor: number | null = 0;
    const cursors: number[] = [];
    while (cursor !== null) {
      cursors.push(cursor);
      const page: GroupListAnswer = await list(ada, `tab=mine&q=${tag}&limit=2&cursor=${cursor}`);
      seen.push(...page.items.map((g) => g.group_title));
      cursor = page.nextCursor;
    }
    expect(cursors).toEqual([0, 2, 4]);
    expect(seen).toEqual([4, 3, 2, 1, 0].map((i) => `Page ${i} ${tag}`));
    expect(await list(ada, `tab=mine&q=${tag}&limit=5`)).toMatchObject({ nextCursor: null });
    expect(await list(ada, `tab=mine&q=${tag}&cursor=10`)).toEqual({ items: [], nextCursor: null });
    expect((await list(ada, `tab=mine&q=${tag}`)).items).toHaveLength(5); // 12 a page by default
  });

  it('refuses a bad tab, cursor, limit or query with the contract texts', async () => {
    const { api } = service;
    const ada = nextId();
    expectError(await api.get('/api/groups?tab=popular', ada), 400, t.tabInvalid);
    expectError(await api.get('/api/groups?cursor=-1', ada), 400, t.cursorInvalid);
    expectError(await api.get('/api/groups?cursor=1.5', ada), 400, t.cursorInvalid);
    expectError(await api.get('/api/groups?cursor=abc', ada), 400, t.cursorInvalid);
    expectError(await api.get(`/api/groups?limit=${groupLimits.maxPageSize + 1}`, ada), 400, t.limitTooLarge);
    expectError(await api.get('/api/groups?limit=0', ada), 400, t.limitTooLarge);
    expectError(await api.get(`/api/groups?q=${'x'.repeat(groupLimits.maxQueryLength + 1)}`, ada), 400, t.queryTooLong);
    expect((await api.get(`/api/groups?limit=${groupLimits.maxPageSize}`, ada)).statusCode).toBe(200);
  });
});
