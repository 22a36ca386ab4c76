import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mintAccessToken, startFakeUpstreams, startTestGateway, type FakeUpstreams, type TestGateway } from './test-support.js';

// Two fake notifications instances: the first set of fakes holds every upstream, the second only
// serves as another notifications instance (NOTIFICATIONS_URL lists both, decision 049).
let first: FakeUpstreams;
let second: FakeUpstreams;
let gateway: TestGateway;
let token: string;

beforeAll(async () => {
  [first, second] = await Promise.all([startFakeUpstreams(), startFakeUpstreams()]);
  gateway = await startTestGateway(first.urls, { NOTIFICATIONS_URL: `${first.urls.notifications}, ${second.urls.notifications}` });
  token = await mintAccessToken({ sub: 41, sid: 'instances' });
});
afterAll(async () => {
  await gateway?.close();
  await Promise.all([first?.close(), second?.close()]);
});
beforeEach(() => {
  for (const fakes of [first, second]) {
    fakes.sockets.length = 0;
    fakes.hits.length = 0;
  }
});

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${gateway.url.replace('http:', 'ws:')}/ws`, { headers: { authorization: `Bearer ${token}` } });
    ws.once('message', () => resolve(ws));
    ws.once('error', reject);
  });
}

describe('/ws and /api/notifications over several notifications instances', () => {
  it('spreads sockets and requests over the instances in turn', async () => {
    const sockets = [await open(), await open(), await open(), await open()];
    expect([first.sockets.length, second.sockets.length]).toEqual([2, 2]);
    for (const ws of sockets) ws.close();

    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${gateway.url}/api/notifications`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }
    const notificationHits = (fakes: FakeUpstreams) => fakes.hits.filter((hit) => hit.upstream === 'notifications').length;
    expect([notificationHits(first), notificationHits(second)]).toEqual([2, 2]);
  });

  it('passes a dead instance over: every socket still opens, on the live one', async () => {
    await second.stop('notifications');
    const sockets = await Promise.all(Array.from({ length: 4 }, () => open()));
    expect(first.sockets).toHaveLength(4);
    for (const ws of sockets) ws.close();
    // Requests are never retried (proxy.ts), but once one found it dead the next ones go elsewhere.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await fetch(`${gateway.url}/api/notifications`, { headers: { authorization: `Bearer ${token}` } })).status);
    }
    expect(statuses.slice(1)).toEqual([200, 200, 200]);
  });
});
