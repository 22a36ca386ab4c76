import { IDENTITY_HEADER, signIdentity, verifyIdentity } from '@kora/platform/identity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusedHandshake } from '@kora/testing/websocket';
import WebSocket from 'ws';
import {
  messageText,
  mintAccessToken,
  startFakeUpstreams,
  startTestGateway,
  TEST_INTERNAL_SECRET,
  type FakeUpstreams,
  type TestGateway,
} from './test-support.js';

let fakes: FakeUpstreams;
let gateway: TestGateway;
let wsUrl: string;

beforeAll(async () => {
  fakes = await startFakeUpstreams();
  gateway = await startTestGateway(fakes.urls);
  wsUrl = gateway.url.replace('http:', 'ws:') + '/ws';
});
afterAll(async () => {
  await gateway?.close();
  await fakes?.close();
});
beforeEach(() => {
  fakes.sockets.length = 0;
});

interface Opened {
  ws: WebSocket;
  /** The first message: what the fake service saw in the handshake. */
  hello: { identity: string | null; requestId: string | null; url: string | null; protocols: string | null; authorization: string | null };
  responseHeaders: Record<string, string | string[] | undefined>;
}

function open(url: string, options: WebSocket.ClientOptions = {}, protocols: string[] = []): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, options);
    let responseHeaders: Opened['responseHeaders'] = {};
    ws.once('upgrade', (res) => (responseHeaders = res.headers));
    ws.once('message', (data) => resolve({ ws, hello: JSON.parse(messageText(data)) as Opened['hello'], responseHeaders }));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket): Promise<string> {
  return new Promise((resolve) => ws.once('message', (data) => resolve(messageText(data))));
}

describe('/ws', () => {
  it('proxies the upgrade with the member identity and request id; messages flow both ways', async () => {
    const token = await mintAccessToken({ sub: 31, sid: 'ws-session' });
    const { ws, hello, responseHeaders } = await open(wsUrl, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'ws-req-1' },
    });
    expect(verifyIdentity(hello.identity ?? undefined, TEST_INTERNAL_SECRET)).toEqual({
      userId: 31,
      role: 'user',
      sessionId: 'ws-session',
    });
    expect(hello.requestId).toBe('ws-req-1');
    expect(responseHeaders['x-request-id']).toBe('ws-req-1');

    for (const text of ['hello', 'x'.repeat(100_000)]) {
      ws.send(text);
      expect(await nextMessage(ws)).toBe(`echo:${text}`);
    }
    ws.close();
  });

  it('works with the cookie from our own origin', async () => {
    const token = await mintAccessToken({ sub: 32 });
    const { ws, hello } = await open(wsUrl, { headers: { cookie: `kora_at=${token}` }, origin: gateway.url });
    expect(verifyIdentity(hello.identity ?? undefined, TEST_INTERNAL_SECRET)?.userId).toBe(32);
    ws.close();
  });

  it('takes the token as a subprotocol entry, answers with the kora protocol, and never forwards the token', async () => {
    const token = await mintAccessToken({ sub: 34, sid: 'ws-protocol' });
    const { ws, hello } = await open(wsUrl, {}, ['kora', `bearer.${token}`]);
    expect(ws.protocol).toBe('kora');
    expect(verifyIdentity(hello.identity ?? undefined, TEST_INTERNAL_SECRET)).toMatchObject({ userId: 34, sessionId: 'ws-protocol' });
    expect(hello.protocols).toBe('kora');
    ws.close();
  });

  it('takes the token from the access_token query parameter and strips it before the service', async () => {
    const token = await mintAccessToken({ sub: 35 });
    const { ws, hello } = await open(`${wsUrl}?access_token=${token}&v=1`);
    expect(verifyIdentity(hello.identity ?? undefined, TEST_INTERNAL_SECRET)?.userId).toBe(35);
    expect(hello.url).toBe('/ws?v=1');
    expect(hello.authorization).toBeNull();
    ws.close();
  });

  it('accepts a query or subprotocol token from another origin: a browser never sends one by itself', async () => {
    const token = await mintAccessToken({ sub: 36 });
    const { ws, hello } = await open(`${wsUrl}?access_token=${token}`, { origin: 'https://integrator.example' });
    expect(verifyIdentity(hello.identity ?? undefined, TEST_INTERNAL_SECRET)?.userId).toBe(36);
    ws.close();
  });

  it('sends no identity for a wrong token in the query or a subprotocol, saying so', async () => {
    for (const [url, protocols] of [
      [`${wsUrl}?access_token=garbage.token.here`, []],
      [wsUrl, ['kora', 'bearer.garbage.token.here']],
    ] as const) {
      const { ws, hello, responseHeaders } = await open(url, {}, [...protocols]);
      expect(hello.identity).toBeNull();
      expect(responseHeaders['x-kora-auth']).toBe('invalid-token');
      ws.close();
    }
  });

  it('strips a forged identity: anonymous sockets reach the service with none', async () => {
    const forged = signIdentity({ userId: 1, role: 'admin', sessionId: 'x' }, TEST_INTERNAL_SECRET);
    const { ws, hello } = await open(wsUrl, { headers: { [IDENTITY_HEADER]: forged } });
    expect(hello.identity).toBeNull();
    ws.close();
  });

  it('strips a forged identity and sends none for an invalid token, saying so', async () => {
    const forged = signIdentity({ userId: 1, role: 'admin', sessionId: 'x' }, TEST_INTERNAL_SECRET);
    const { ws, hello, responseHeaders } = await open(wsUrl, {
      headers: { [IDENTITY_HEADER]: forged, authorization: 'Bearer expired.or.garbage' },
    });
    expect(hello.identity).toBeNull();
    expect(responseHeaders['x-kora-auth']).toBe('invalid-token');
    ws.close();
  });

  it('refuses a cookie-authenticated handshake from another site (cross-site WebSocket hijacking)', async () => {
    const token = await mintAccessToken({ sub: 33 });
    const res = await refusedHandshake(wsUrl, { headers: { cookie: `kora_at=${token}` }, origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'CSRF_REJECTED' });
    expect(fakes.sockets).toHaveLength(0);
  });

  it('refuses a handshake from another site carrying a session cookie beside a token, valid or not', async () => {
    const token = await mintAccessToken({ sub: 34 });
    for (const url of [`${wsUrl}?access_token=garbage.token.here`, `${wsUrl}?access_token=${token}`]) {
      const res = await refusedHandshake(url, { headers: { cookie: `kora_at=${token}` }, origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'CSRF_REJECTED' });
    }
    const invalidAlone = await refusedHandshake(`${wsUrl}?access_token=garbage.token.here`, { origin: 'https://evil.example' });
    expect(invalidAlone.status).toBe(403);
    expect(fakes.sockets).toHaveLength(0);
  });

  it("passes the service's own refusal on", async () => {
    const res = await refusedHandshake(`${wsUrl}?refuse=1`);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ refused: true });
  });

  it('answers 404 to an upgrade anywhere else', async () => {
    const res = await refusedHandshake(gateway.url.replace('http:', 'ws:') + '/api/posts');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('closes open sockets when the gateway shuts down, so shutdown never hangs', async () => {
    const other = await startTestGateway(fakes.urls);
    const { ws } = await open(other.url.replace('http:', 'ws:') + '/ws');
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    // A socket left open would keep close() waiting: the test's hang guard catches that.
    await other.close();
    await closed;
  });
});

describe('/ws when the notifications service is down', () => {
  let down: TestGateway;
  beforeAll(async () => {
    down = await startTestGateway({ ...fakes.urls, notifications: 'http://127.0.0.1:1' });
  });
  afterAll(() => down?.close());

  it('answers 503 with the error shape', async () => {
    const res = await refusedHandshake(down.url.replace('http:', 'ws:') + '/ws');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toEqual({
      error: 'The notifications service is unavailable. Please try again shortly.',
      message: 'The notifications service is unavailable. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
