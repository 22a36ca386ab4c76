import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { installOwnRouteBasics } from './own-routes.js';
import { isGatewayOwnPath } from './paths.js';
import {
  endlessClosed,
  mintAccessToken,
  startFakeUpstreams,
  startTestGateway,
  type FakeUpstreams,
  type TestGateway,
} from './test-support.js';

let fakes: FakeUpstreams;
let gateway: TestGateway;
const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'kora-gateway-')), 'gateway.log');

beforeAll(async () => {
  fakes = await startFakeUpstreams();
  gateway = await startTestGateway(fakes.urls, { LOG_LEVEL: 'info', MEDIA_ORIGINS: 'https://cdn.example.ng/' }, { logFile });
});
afterAll(async () => {
  await gateway?.close();
  await fakes?.close();
});

async function get(pathAndQuery: string, headers: Record<string, string> = {}) {
  const res = await request(`${gateway.url}${pathAndQuery}`, { headers });
  return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
}

/** The access lines written so far (the logger opens its file on its first write). */
function accessLines(): Record<string, unknown>[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request completed');
}

async function accessLineFor(traceId: string): Promise<Record<string, unknown> | undefined> {
  for (let i = 0; i < 60; i++) {
    const line = accessLines().find((l) => l.traceId === traceId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

describe('the access log', () => {
  it('writes one line per request with its id, status and time, and no token from the query', async () => {
    const proxied = await get('/api/posts?cursor=0&access_token=secret-one&limit=5');
    const refused = await get('/ws?access_token=secret-two');
    expect(refused.status).toBe(426);
    const first = await accessLineFor(String(proxied.headers['x-request-id']));
    expect(first).toMatchObject({
      service: 'gateway',
      level: 30,
      method: 'GET',
      status: 200,
      url: '/api/posts?cursor=0&access_token=[redacted]&limit=5',
    });
    expect(typeof first!.ms).toBe('number');
    expect(await accessLineFor(String(refused.headers['x-request-id']))).toMatchObject({ status: 426, url: '/ws?access_token=[redacted]' });
    expect(readFileSync(logFile, 'utf8')).not.toMatch(/secret-(one|two)/);
  });
});

describe('the logs of live sockets', () => {
  /** Opens a socket through the gateway and closes it after its first message. */
  function openAndClose(url: string, protocols: string[] = []): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, protocols);
      ws.once('message', () => ws.close());
      ws.once('close', () => resolve());
      ws.once('error', reject);
    });
  }

  it('never write a socket token, from the query or a subprotocol, opened or refused', async () => {
    const wsBase = `${gateway.url.replace('http:', 'ws:')}/ws`;
    const [inQuery, inProtocol] = [await mintAccessToken({ sub: 51 }), await mintAccessToken({ sub: 52 })];
    await openAndClose(`${wsBase}?access_token=${inQuery}`);
    await openAndClose(wsBase, ['kora', `bearer.${inProtocol}`]);
    const refused = await get('/ws?access_token=wrong-socket-token');
    expect(refused.status).toBe(426);
    await accessLineFor(String(refused.headers['x-request-id']));
    const written = readFileSync(logFile, 'utf8');
    // The sockets were logged (opened and closed, with their member), their tokens were not.
    expect(written).toMatch(/"userId":51[^\n]*"msg":"websocket opened"/);
    expect(written).toMatch(/"userId":52[^\n]*"msg":"websocket opened"/);
    for (const token of [inQuery, inProtocol, 'wrong-socket-token']) expect(written).not.toContain(token);
  });
});

describe("the edge's headers", () => {
  it("replace an upstream's own values for the headers the edge sets", async () => {
    const res = await get('/api/posts/own-headers');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).not.toBe('chosen-by-upstream');
    expect(fakes.hits.at(-1)!.headers['x-request-id']).toBe(res.headers['x-request-id']);
  });

  it("are on the gateway's own answers too", async () => {
    const res = await get('/healthz', { 'x-request-id': 'probe-1' });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('probe-1');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const page = await get('/api/docs');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});

describe('streamed answers', () => {
  it('compresses a large JSON answer as it streams, byte for byte', async () => {
    const plain = await get('/api/posts/huge.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(64 * 1024);
    const br = await get('/api/posts/huge.json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it('compresses a page of unknown length and still gives it its CSP', async () => {
    const res = await get('/feed/chunked.html', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    // Stored media may come from the CDN the media service redirects to (MEDIA_ORIGINS), and only media.
    expect(policy).toContain("img-src 'self' data: blob: https://cdn.example.ng;");
    expect(policy).toContain("media-src 'self' blob: https://cdn.example.ng;");
    expect(policy.match(/cdn\.example\.ng/g)).toHaveLength(2);
    const html = gunzipSync(res.body).toString();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('stops asking the upstream for an answer the client has left', async () => {
    const controller = new AbortController();
    const res = await request(`${gateway.url}/uploads/endless`, { signal: controller.signal });
    let received = 0;
    for await (const chunk of res.body) {
      received += (chunk as Buffer).length;
      if (received > 256 * 1024) break;
    }
    controller.abort();
    for (let i = 0; i < 40 && !endlessClosed.includes('/uploads/endless'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(endlessClosed).toContain('/uploads/endless');
  });
});

describe('which requests Fastify answers', () => {
  it("is decided by the gateway's own paths, which a route outside them cannot be added to", () => {
    for (const own of [
      '/healthz',
      '/readyz',
      '/api/health/services',
      '/api/site',
      '/api/docs',
      '/api/docs/openapi.json',
      '/api/docs/assets/x.css',
    ])
      expect(isGatewayOwnPath(own), own).toBe(true);
    for (const proxied of ['/api/posts', '/api/docsx', '/uploads/a.png', '/', '/ws', '/healthz/x'])
      expect(isGatewayOwnPath(proxied), proxied).toBe(false);
  });

  it('refuses, at start, a route the edge would never hand to Fastify', async () => {
    const app = Fastify();
    await installOwnRouteBasics(app);
    app.get('/api/docs/extra', () => Promise.resolve({}));
    expect(() => app.get('/api/posts/mine', () => Promise.resolve({}))).toThrow(/not one of the gateway's own paths/);
    await app.close();
  });
});
