/**
 * Two notifications instances behind the gateway (decision 049; distributed mode only: the harness
 * starts a second instance, lists both in the gateway's NOTIFICATIONS_URL and gives them to tests
 * in KORA_NOTIFICATIONS_URLS, and lets tests stop and start a process through KORA_CONTROL_URL).
 *
 * A member opens four tabs through the gateway, which sends consecutive sockets to the instances
 * in turn. Every like reaches every tab exactly once. Then the second instance stops: its two tabs
 * close, likes go on while they are away, and they reconnect through the gateway (which passes the
 * stopped instance over) naming the newest notification they saw (`/ws?after=<id>`): the survivor
 * sends them what they missed right after 'ready', and nothing arrives twice.
 */
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { readUntil } from '@kora/testing';
import { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signedInMember, type SignedIn } from './support/members.js';
import { api, BASE_URL, canControl, control } from './support/product.js';

const INSTANCES = (process.env.KORA_NOTIFICATIONS_URLS ?? '').split(',').filter(Boolean);

describe.skipIf(INSTANCES.length < 2 || !canControl)('live notifications over two instances behind the gateway, one stopped', () => {
  let owner: SignedIn;
  let liker: SignedIn;
  let stopped = false;
  const tabs: LiveSocket[] = [];
  const postIds: number[] = [];

  const openTab = (after?: number) =>
    openSocket(wsUrl(BASE_URL, after ? `/ws?after=${after}` : '/ws'), { authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    [owner, liker] = await Promise.all([signedInMember(), signedInMember()]);
    for (let i = 0; i < 8; i++) {
      const res = await api('/api/posts', json({ userId: owner.user.user_id, content: `Two instances ${i}` }, owner.token));
      expect(res.status).toBe(201);
      postIds.push(((await res.json()) as { id: number }).id);
    }
    // One after another: the gateway alternates between the instances.
    for (let i = 0; i < 4; i++) tabs.push(await openTab());
  });

  afterAll(async () => {
    for (const tab of tabs) tab.ws.close();
    if (!stopped) return;
    await control('start', 'notifications-2');
    // Back for the files after this one once its live feed reads: a like reaches a socket held there.
    const identity = { userId: owner.user.user_id, role: 'user' as const, sessionId: `instances-${owner.user.user_id}` };
    const direct = await openSocket(wsUrl(INSTANCES[1]!), { [IDENTITY_HEADER]: signIdentity(identity, process.env.INTERNAL_SECRET!) });
    try {
      await readUntil(
        async () => {
          const res = await api('/api/posts', json({ userId: owner.user.user_id, content: 'Back again' }, owner.token));
          await like(((await res.json()) as { id: number }).id);
          return direct.pushed().length;
        },
        (pushed) => pushed > 0,
        90_000,
        3_000,
      );
    } finally {
      direct.ws.close();
    }
  }, 180_000);

  const like = async (postId: number) => {
    const res = await api(`/api/posts/${postId}/react`, json({ reaction: 'like' }, liker.token));
    expect(res.status).toBe(200);
  };
  const idsOf = (tab: LiveSocket) => tab.pushed().map((n) => n.id);
  const postsOf = (tab: LiveSocket) => new Set(tab.pushed().map((n) => n.meta.postId));
  const allHave = (list: LiveSocket[], count: number) => list.every((tab) => tab.pushed().length >= count);

  it('reaches each tab once on either instance, and a stopped instance’s tabs catch up on the other by the last id', async () => {
    for (const postId of postIds.slice(0, 3)) await like(postId);
    await readUntil(async () => allHave(tabs, 3), Boolean, 30_000);

    stopped = true;
    await control('stop', 'notifications-2');
    const closed = await readUntil(
      async () => tabs.filter((tab) => tab.ws.readyState === tab.ws.CLOSED),
      (list) => list.length >= 2,
      15_000,
    );
    // Two tabs on each instance: the gateway spread them.
    expect(closed).toHaveLength(2);
    const kept = tabs.filter((tab) => !closed.includes(tab));

    // While they are away.
    for (const postId of postIds.slice(3, 6)) await like(postId);
    await readUntil(async () => allHave(kept, 6), Boolean, 60_000);
    // Through the gateway, which passes the stopped instance over.
    const back = await Promise.all(closed.map((tab) => openTab(Math.max(...idsOf(tab)))));
    await readUntil(async () => allHave(back, 3), Boolean, 15_000);

    for (const postId of postIds.slice(6)) await like(postId);
    await readUntil(async () => allHave(kept, 8) && allHave(back, 5), Boolean, 30_000);
    await new Promise((r) => setTimeout(r, 1_000)); // a duplicate would have time to show up
    for (const tab of kept) {
      expect(new Set(idsOf(tab)).size).toBe(8);
      expect(idsOf(tab)).toHaveLength(8);
      expect(postsOf(tab)).toEqual(new Set(postIds));
    }
    for (const [i, tab] of back.entries()) {
      const before = closed[i]!;
      const all = [...idsOf(before), ...idsOf(tab)];
      expect(all).toHaveLength(8);
      expect(new Set(all).size).toBe(8);
      expect(new Set([...postsOf(before), ...postsOf(tab)])).toEqual(new Set(postIds));
      // The missed three first, right after 'ready'.
      expect(tab.messages.slice(1, 4).map((m) => m.type)).toEqual(['notification:new', 'notification:new', 'notification:new']);
    }
    tabs.push(...back);
  }, 180_000);
});
