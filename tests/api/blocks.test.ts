/**
 * Blocking through the gateway (decision 036), in whichever mode the harness started: a blocked
 * member probing every route that names or lists members or shows their things (blocks/probes.ts,
 * after the pair shared posts, a group, stories and reels: blocks/scene.ts), both ways, until each
 * service's projection has the block; the block's own routes with hostile input, replays and a race
 * with an acceptance; the group exception (join requests still asked and answered); and unblocking.
 */
import { safetyTexts, type BlockedMember, type FriendRequest, type Notification } from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockProbes } from './blocks/probes.js';
import { setScene, type Scene } from './blocks/scene.js';
import { auth, befriend, json, signedInMember, type SignedIn } from './support/members.js';
import { notificationsOf } from './support/notifications.js';
import { createPost } from './support/posts.js';
import { api, body, MODE } from './support/product.js';

const block = (who: SignedIn, userId: unknown) => api('/api/friends/blocks', json({ userId }, who.token));
const unblock = (who: SignedIn, userId: number | string) => api(`/api/friends/blocks/${userId}`, { ...auth(who.token), method: 'DELETE' });
const friendIds = async (who: SignedIn) => (await body<{ id: number }[]>(await api('/api/friends/list', auth(who.token)))).map((f) => f.id);

/**
 * Waits until every probe shows the block (or, with `held: false`, shows the other: before the block
 * that proves each probe can fail; a probe that toggles is not tried then).
 */
async function expectProbes(who: SignedIn, other: SignedIn, scene: Scene, held: boolean) {
  for (const probe of blockProbes) {
    if (!held && probe.toggles) continue;
    const holds = await readUntil(
      () => probe.holds(who, other, scene),
      (value) => value === held,
    );
    expect(holds, `${probe.operation}: ${who.user.user_name} about ${other.user.user_name}`).toBe(held);
  }
}

describe(`blocking through the gateway (${MODE})`, () => {
  let ada: SignedIn;
  let bola: SignedIn;
  let chidi: SignedIn;

  beforeAll(async () => {
    [ada, bola, chidi] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
  });

  it('hides a blocked pair from each other on every probed route, both ways, and from nobody else', async () => {
    await befriend(ada, bola); // notifications both ways, and a friendship the block must end
    await readUntil(
      () => notificationsOf(ada),
      (list) => list.some((n) => n.actorId === bola.user.user_id),
    );
    const scene = await setScene(ada, bola);
    await expectProbes(ada, bola, scene, false);
    await expectProbes(bola, ada, scene, false);
    const first = await block(ada, bola.user.user_id);
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await first.json()).toEqual({ userId: bola.user.user_id, blocked: true, message: safetyTexts.blocked });
    expect((await block(ada, bola.user.user_id)).status).toBe(200); // a replay changes nothing

    await expectProbes(ada, bola, scene, true);
    await expectProbes(bola, ada, scene, true);
    expect(await friendIds(ada)).not.toContain(bola.user.user_id);
    // A bystander still sees both.
    for (const who of [ada, bola]) expect((await api(`/api/users/${who.user.user_id}`, auth(chidi.token))).status).toBe(200);

    const blocked = await body<BlockedMember[]>(await api('/api/friends/blocks', auth(ada.token)));
    expect(blocked.map((m) => [m.id, m.user_name])).toEqual([[bola.user.user_id, bola.user.user_name]]);
    expect(await body(await api('/api/friends/blocks', auth(bola.token)))).toEqual([]);
  }, 240_000); // the scene waits for two reels to be transcoded

  it('lets nothing the blocked member does reach the blocker as a notification', async () => {
    const post = await createPost(ada, 'Blocks keep it quiet');
    // Whatever posts answers the blocked member, the like must not notify; chidi's like after it is the fence
    // (likes of one post are handled in order).
    await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, bola.token));
    await api(`/api/posts/${post.id}/react`, json({ reaction: 'like' }, chidi.token));
    const list = await readUntil(
      () => notificationsOf(ada),
      (items) => items.some((n) => n.actorId === chidi.user.user_id && n.type === 'post_like'),
    );
    expect(list.filter((n: Notification) => n.entityType === 'post' && n.entityId === post.id).map((n) => n.actorId)).toEqual([
      chidi.user.user_id,
    ]);
  });

  it('still lets the blocked member ask to join a group the blocker runs, and be answered', async () => {
    const created = await api('/api/groups', json({ title: `Blocked but welcome ${Date.now()}`, privacy: 'private' }, ada.token));
    expect(created.status).toBe(201);
    const { group_id: groupId } = await body<{ group_id: number }>(created);
    const url = `/api/groups/${groupId}`;
    expect((await api(`${url}/join`, { ...auth(bola.token), method: 'POST' })).status).toBe(200);
    const requests = await readUntil(
      async () => body<{ userId: number }[]>(await api(`${url}/requests`, auth(ada.token))),
      (r) => r.some((x) => x.userId === bola.user.user_id),
    );
    expect(requests.map((r) => r.userId)).toContain(bola.user.user_id);
    const approved = await api(`${url}/requests/${bola.user.user_id}/approve`, { ...auth(ada.token), method: 'POST' });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const members = await body<{ userId: number }[]>(await api(`${url}/members`, auth(bola.token)));
    expect(members.map((m) => m.userId).sort()).toEqual([ada.user.user_id, bola.user.user_id].sort());
  });

  it('refuses bad input with clear errors, never a 500', async () => {
    const cases: [unknown, number][] = [
      [ada.user.user_id, 400],
      ['abc', 400],
      [-1, 400],
      [0, 400],
      [1.5, 400],
      [null, 400],
      [[1], 400], // never coerced into member 1
      [true, 400],
      ['12abc', 400],
      ['1; drop table friends.member_blocks; --', 400],
      [999_999_999, 404],
    ];
    for (const [userId, status] of cases) {
      const res = await block(ada, userId);
      expect(res.status, `${JSON.stringify(userId)}: ${await res.clone().text()}`).toBe(status);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String), code: expect.any(String) });
    }
    expect((await api('/api/friends/blocks', { ...json({ userId: bola.user.user_id }), method: 'POST' })).status).toBe(401);
    expect((await api('/api/friends/blocks')).status).toBe(401);
    for (const path of ['abc', '0', '-1', '1e3', "1'--", '99999999999999999999999']) {
      const res = await unblock(ada, path);
      expect(res.status, path).toBe(404);
    }
    for (const query of ['cursor=%00', 'cursor=not-ours!', 'limit=0', 'limit=51', 'limit=abc']) {
      expect((await api(`/api/friends/blocks?${query}`, auth(ada.token))).status, query).toBe(400);
    }
  });

  it('keeps no friendship when a block races the acceptance of a request', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([signedInMember(), signedInMember()]);
      const sent = await readUntil(
        () => api('/api/friends/requests', json({ toUserId: a.user.user_id }, b.token)),
        (res) => res.status !== 404,
      );
      expect(sent.status).toBe(201);
      const { request } = await body<{ request: FriendRequest }>(sent);
      const [accepted, blocked] = await Promise.all([
        api(`/api/friends/requests/${request.id}`, json({ action: 'accepted' }, a.token, 'PUT')),
        block(a, b.user.user_id),
      ]);
      expect(blocked.status).toBe(201);
      expect([200, 409]).toContain(accepted.status);
      expect(await friendIds(a)).toEqual([]);
      expect(await friendIds(b)).toEqual([]);
    }
  });

  it('unblocks only by the blocker, once, and then the pair sees each other again', async () => {
    expect((await unblock(bola, ada.user.user_id)).status).toBe(404);
    const res = await unblock(ada, bola.user.user_id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: bola.user.user_id, blocked: false, message: safetyTexts.unblocked });
    expect((await unblock(ada, bola.user.user_id)).status).toBe(404);
    for (const [who, other] of [
      [ada, bola],
      [bola, ada],
    ] as const) {
      const seen = await readUntil(
        () => api(`/api/users/${other.user.user_id}`, auth(who.token)),
        (r) => r.status === 200,
      );
      expect(seen.status).toBe(200);
    }
    const asked = await readUntil(
      () => api('/api/friends/requests', json({ toUserId: ada.user.user_id }, bola.token)),
      (r) => r.status !== 403,
    );
    expect(asked.status).toBe(201);
  });
});
