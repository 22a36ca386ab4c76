/**
 * Live notifications across two notifications instances and a Kafka broker restart (distributed
 * mode only: the harness starts a second instance and gives both URLs in KORA_NOTIFICATIONS_URLS).
 *
 * The recipient has three tabs: one socket on each instance and one through the gateway. Another
 * member likes the recipient's posts; every tab must receive every notification exactly once,
 * whichever instance holds it, including likes made while the broker is down.
 */
import type { Notification } from '@kora/contracts';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { readUntil } from '@kora/testing';
import { openSocket, wsUrl, type LiveSocket } from '@kora/testing/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRestartKafka, startKafka, stopKafka } from '../../scripts/servers.mjs';
import { auth, json, signedInMember, type SignedIn } from './support/members.js';
import { api, BASE_URL } from './support/product.js';
import { openBacklogProbe, untilSettled, type Backlog } from '../bench/backlog.js';

const INSTANCES = (process.env.KORA_NOTIFICATIONS_URLS ?? '').split(',').filter(Boolean);

interface Tab {
  name: string;
  socket: LiveSocket;
}

async function openTab(name: string, url: string, headers: Record<string, string>): Promise<Tab> {
  const socket = await openSocket(url, headers).catch((error: Error) => Promise.reject(new Error(`${name}: ${error.message}`)));
  return { name, socket };
}

describe.skipIf(INSTANCES.length < 2 || !canRestartKafka())('live notifications across two instances and a broker restart', () => {
  let owner: SignedIn;
  let liker: SignedIn;
  const tabs: Tab[] = [];
  const postIds: number[] = [];

  beforeAll(async () => {
    [owner, liker] = await Promise.all([signedInMember(), signedInMember()]);
    const secret = process.env.INTERNAL_SECRET!;
    const identity = { userId: owner.user.user_id, role: 'user' as const, sessionId: `live-${owner.user.user_id}` };
    for (const [i, base] of INSTANCES.entries()) {
      tabs.push(await openTab(`instance ${i + 1}`, wsUrl(base), { [IDENTITY_HEADER]: signIdentity(identity, secret) }));
    }
    tabs.push(await openTab('through the gateway', wsUrl(BASE_URL), { authorization: `Bearer ${owner.token}` }));
    for (let i = 0; i < 10; i++) {
      const res = await api('/api/posts', json({ userId: owner.user.user_id, content: `Live post ${i}` }, owner.token));
      expect(res.status).toBe(201);
      postIds.push(((await res.json()) as { id: number }).id);
    }
  });

  afterAll(async () => {
    await startKafka().catch(() => {}); // never leave the shared broker down for later tests
    for (const tab of tabs) tab.socket.ws.close();
    await untilEveryGroupIsBack();
  }, 240_000);

  /** The product's consumer groups at work before the broker stops (the stage's own, by topic prefix). */
  let groupsBefore: string[] | null = null;
  const servers = () => {
    const { KAFKA_BROKERS, DATABASE_URL, KAFKA_TOPIC_PREFIX } = process.env;
    if (!KAFKA_BROKERS || !DATABASE_URL) throw new Error('the broker restart needs KAFKA_BROKERS and DATABASE_URL (npm test gives them)');
    return { KAFKA_BROKERS, DATABASE_URL, KAFKA_TOPIC_PREFIX };
  };

  /**
   * The files after this one read the services' projections (a new member's name in reels, in
   * groups…): every group that worked before the restart must have rejoined and caught up, and
   * every outbox drained, before they start; notifications coming back proves only its own groups.
   */
  async function untilEveryGroupIsBack() {
    const before = groupsBefore;
    if (!before) return;
    const backlog = await openBacklogProbe(servers());
    const missingFrom = (now: Backlog | null) => (now ? before.filter((group) => !now.groups.some((g) => g.group === group)) : before);
    try {
      // A group is read only while it has members: first every one of them back (a reading may fail
      // while the broker is still loading its groups: read again), then all of it worked off.
      const last = await readUntil(
        () => backlog.read().catch(() => null),
        (now) => missingFrom(now).length === 0,
        180_000,
        500,
      );
      if (missingFrom(last).length > 0) throw new Error(`after the broker restart, groups not back: ${missingFrom(last).join(', ')}`);
      await untilSettled(backlog, 180_000);
    } finally {
      await backlog.close();
    }
  }

  const like = async (postId: number) => {
    const res = await api(`/api/posts/${postId}/react`, json({ reaction: 'like' }, liker.token));
    expect(res.status).toBe(200);
  };
  const idsOf = (tab: Tab) => tab.socket.pushed().map((n) => n.id);
  const allHave = (count: number) => tabs.every((t) => t.socket.pushed().length >= count);

  it('delivers each like to every tab exactly once, before and after the broker restarts', async () => {
    for (const id of postIds.slice(0, 5)) await like(id);
    await readUntil(async () => allHave(5), Boolean, 30_000);
    for (const tab of tabs) expect(tab.socket.pushed(), tab.name).toHaveLength(5);

    const before = await openBacklogProbe(servers());
    groupsBefore = (await before.read().finally(() => before.close())).groups.map((g) => g.group);
    expect(groupsBefore.length).toBeGreaterThan(0);
    await stopKafka({ signal: 'SIGKILL' });
    // Written while the broker is down: the likes wait in the posts service's outbox.
    for (const id of postIds.slice(5)) await like(id);
    await startKafka();

    await readUntil(async () => allHave(10), Boolean, 120_000);
    // A little longer, so a duplicate would have time to show up.
    await new Promise((r) => setTimeout(r, 2_000));
    for (const tab of tabs) {
      expect(tab.socket.pushed(), tab.name).toHaveLength(10);
      expect(new Set(idsOf(tab)).size, tab.name).toBe(10);
      expect(tab.socket.pushed().every((n) => n.type === 'post_like' && n.actorId === liker.user.user_id)).toBe(true);
      expect(new Set(tab.socket.pushed().map((n) => n.meta.postId))).toEqual(new Set(postIds));
    }
    expect(idsOf(tabs[1]!).sort()).toEqual(idsOf(tabs[0]!).sort());

    const page = (await (await api('/api/notifications', auth(owner.token))).json()) as Notification[];
    expect(page.filter((n) => n.actorId === liker.user.user_id)).toHaveLength(10);
    const unread = (await (await api('/api/notifications/unread-count', auth(owner.token))).json()) as { count: number };
    expect(unread.count).toBe(10);
  }, 240_000);
});
