/**
 * Groups through the gateway, in whichever mode the harness started: the product's list shape
 * (`{ items, nextCursor }`, '1'/'0' flags) on each tab, accent-insensitive search, paging with the
 * offset cursor to the end, a private group's flow (request, pending, approval, member, with
 * names from auth's events), roles and hand-over, and the refusals with their texts.
 */
import {
  groupTexts as t,
  type GroupActionAnswer,
  type GroupDetail,
  type GroupListAnswer,
  type GroupMember,
  type GroupRequest,
} from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { api, body, MODE } from './support/product.js';

type Member = SignedIn & { member: { username: string } };

const send = (who: Member, path: string, method: string, payload?: unknown): Promise<Response> =>
  payload === undefined
    ? api(path, { method, headers: { authorization: `Bearer ${who.token}` } })
    : api(path, json(payload, who.token, method));

async function ok<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return body<T>(res);
}

async function refused(res: Response, status: number, text: string): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(await res.json()).toEqual({ error: text, message: text, code: expect.any(String) });
}

const list = async (who: Member, query: string) => ok<GroupListAnswer>(await api(`/api/groups?${query}`, auth(who.token)));
const create = async (who: Member, group: Record<string, unknown>) => ok<GroupDetail>(await send(who, '/api/groups', 'POST', group), 201);

describe(`groups through the gateway (${MODE})`, () => {
  let ada: Member;
  let bola: Member;
  let chidi: Member;
  let dayo: Member;
  /** A word only this run's groups contain (the product is shared with other test files and runs). */
  const tag = `k${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    [ada, bola, chidi, dayo] = await Promise.all([signedInMember(), signedInMember(), signedInMember(), signedInMember()]);
  });

  it('refuses anonymous callers', async () => {
    await refused(await api('/api/groups'), 401, 'Please sign in to continue');
    expect((await api('/api/groups/1/join', { method: 'POST' })).status).toBe(401);
    expect((await api('/api/groups', json({ title: 'x' }))).status).toBe(401);
  });

  it("answers the spec's list shape, and search finds 'Café' for 'cafe'", async () => {
    const created = await create(ada, { title: `Café Owners ${tag}`, description: 'Coffee in Lagos' });
    const found = await list(bola, `tab=discover&q=${encodeURIComponent(`cafe owners ${tag}`)}`);
    expect(found).toEqual({
      items: [
        {
          group_id: created.group_id,
          group_title: `Café Owners ${tag}`,
          group_picture: null,
          group_members: 1,
          group_description: 'Coffee in Lagos',
          joined: '0',
          approved: '0',
          privacy: 'public',
        },
      ],
      nextCursor: null,
    });
    expect(
      (await list(ada, `tab=mine&q=${encodeURIComponent(`CAFÉ OWNERS ${tag}`)}`)).items.map((g) => [g.group_id, g.joined, g.approved]),
    ).toEqual([[created.group_id, '1', '1']]);
  });

  it('pages with the offset cursor to the end', async () => {
    const titles = [1, 2, 3].map((i) => `Lagos Runners ${i} ${tag}`);
    for (const title of titles) await create(ada, { title });
    const first = await list(ada, 'tab=mine&q=runners&limit=2');
    expect(first.nextCursor).toBe(2);
    const second = await list(ada, `tab=mine&q=runners&limit=2&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((g) => g.group_title)).toEqual([...titles].reverse());
    await refused(await api('/api/groups?limit=51', auth(ada.token)), 400, t.limitTooLarge);
    await refused(await api('/api/groups?tab=popular', auth(ada.token)), 400, t.tabInvalid);
    await refused(await api('/api/groups?cursor=-2', auth(ada.token)), 400, t.cursorInvalid);
  });

  it('takes a private group from request to member, with names from auth', async () => {
    const group = await create(bola, { title: `Abuja Book Club ${tag}`, privacy: 'private' });
    const url = `/api/groups/${group.group_id}`;
    // A body-less join, sent with a JSON content type as some clients do.
    const asked = await ok<GroupActionAnswer>(
      await api(`${url}/join`, { method: 'POST', headers: { authorization: `Bearer ${chidi.token}`, 'content-type': 'application/json' } }),
    );
    expect(asked).toMatchObject({ message: t.requestSent, group: { joined: '1', approved: '0', group_members: 1 } });
    expect((await list(chidi, `tab=joined&q=${tag}`)).items.map((g) => [g.group_title, g.joined, g.approved])).toEqual([
      [`Abuja Book Club ${tag}`, '1', '0'],
    ]);

    await refused(await api(`${url}/members`, auth(chidi.token)), 403, t.membersOnlyMembers);
    await refused(await api(`${url}/requests`, auth(chidi.token)), 403, t.reviewersOnly);
    const requests = await readUntil(
      async () => ok<GroupRequest[]>(await api(`${url}/requests`, auth(bola.token))),
      (r) => r[0]?.username === chidi.member.username,
    );
    expect(requests.map((r) => [r.userId, r.username])).toEqual([[chidi.user.user_id, chidi.member.username]]);
    expect((await ok<GroupDetail>(await api(url, auth(bola.token)))).pendingRequests).toBe(1);

    await refused(await send(dayo, `${url}/requests/${chidi.user.user_id}/approve`, 'POST'), 403, t.reviewersOnly);
    const approved = await ok<GroupActionAnswer>(await send(bola, `${url}/requests/${chidi.user.user_id}/approve`, 'POST'));
    expect(approved).toMatchObject({ message: t.approved, group: { group_members: 2, pendingRequests: 0 } });
    expect((await list(chidi, `tab=joined&q=${tag}`)).items[0]).toMatchObject({ joined: '1', approved: '1', group_members: 2 });
    const members = await ok<GroupMember[]>(await api(`${url}/members`, auth(chidi.token)));
    expect(members.map((m) => [m.userId, m.role])).toEqual([
      [bola.user.user_id, 'owner'],
      [chidi.user.user_id, 'member'],
    ]);
  });

  it('gives roles to the owner alone and hands the group over', async () => {
    const group = await create(bola, { title: `Enugu Coders ${tag}` });
    const url = `/api/groups/${group.group_id}`;
    for (const who of [chidi, dayo]) await ok(await send(who, `${url}/join`, 'POST'));
    await refused(await send(dayo, `${url}/members/${chidi.user.user_id}/role`, 'PUT', { role: 'admin' }), 403, t.ownerOnly);
    await refused(await send(dayo, url, 'PUT', { title: 'Mine now' }), 403, t.ownerOnly);
    await refused(await send(bola, `${url}/leave`, 'DELETE'), 409, t.ownerCannotLeave);

    expect(await ok(await send(bola, `${url}/members/${chidi.user.user_id}/role`, 'PUT', { role: 'admin' }))).toMatchObject({
      message: t.roleChanged,
    });
    await refused(await send(chidi, `${url}/members/${bola.user.user_id}`, 'DELETE'), 403, t.ownerCannotBeRemoved);
    expect(await ok(await send(chidi, `${url}/members/${dayo.user.user_id}`, 'DELETE'))).toMatchObject({
      message: t.removed,
      group: { group_members: 2 },
    });

    const handed = await ok<GroupActionAnswer>(await send(bola, `${url}/members/${chidi.user.user_id}/role`, 'PUT', { role: 'owner' }));
    expect(handed).toMatchObject({ message: t.handedOver, group: { ownerId: chidi.user.user_id, role: 'admin' } });
    expect(await ok(await send(bola, `${url}/leave`, 'DELETE'))).toMatchObject({
      message: t.leftGroup,
      group: { joined: '0', group_members: 1 },
    });
    expect(await ok(await send(chidi, url, 'DELETE'))).toEqual({ message: t.deleted });
    await refused(await api(url, auth(chidi.token)), 404, t.notFound);
  });
});
