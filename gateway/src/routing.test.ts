import { routeTable, serviceForPath } from '@kora/contracts';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import type { UpstreamName } from './config.js';
import { gatewayOverFakes, rawHttp } from './test-support.js';

const edge = gatewayOverFakes();

async function get(path: string, init: { method?: 'GET' | 'POST' | 'DELETE'; headers?: Record<string, string> } = {}) {
  const res = await request(`${edge.gateway.url}${path}`, { method: init.method ?? 'GET', headers: init.headers });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

// One sample path per rule of the shared table (the path itself, or something under a prefix).
const tableCases: [string, UpstreamName][] = routeTable
  .filter((rule) => rule.path !== '/ws')
  .map((rule) => {
    const path = (rule.prefix ? `${rule.path}/sample` : rule.path).replaceAll('*', '7');
    return [path, serviceForPath(path)!];
  });

const namedCases: [string, UpstreamName][] = [
  ['/api/users/fetchbalance', 'wallet'],
  ['/api/users/5', 'auth'],
  ['/api/settings/security/sessions', 'auth'],
  ['/api/settings/privacy', 'settings'],
  ['/uploads/x.jpg', 'media'],
  ['/', 'web'],
  ['/login', 'web'],
  ['/assets/entry.client-abc.js', 'web'],
  ['/profile/12', 'web'],
];

describe('routing', () => {
  it.each([...tableCases, ...namedCases])('%s goes to %s', async (path, owner) => {
    const res = await get(`${path}?q=1`);
    expect(res.status).toBe(200);
    expect(edge.fakes.hits).toHaveLength(1);
    expect(edge.fakes.hits[0]).toMatchObject({ upstream: owner, url: `${path}?q=1`, method: 'GET' });
  });

  it('answers an unknown /api path itself, with the error shape, without calling a service', async () => {
    const res = await get('/api/xyz');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ error: 'No API route for GET /api/xyz', message: 'No API route for GET /api/xyz', code: 'NOT_FOUND' });
    expect(edge.fakes.hits).toHaveLength(0);

    const post = await get('/api/nothing/here?x=1', { method: 'POST' });
    expect(post.json()).toMatchObject({ message: 'No API route for POST /api/nothing/here', code: 'NOT_FOUND' });
  });

  it('answers its own refusals in the language Accept-Language asks for, and passes the header on', async () => {
    const pidgin = await get('/api/xyz', { headers: { 'accept-language': 'pcm-NG,en;q=0.5' } });
    expect(pidgin.status).toBe(404);
    expect(pidgin.json()).toEqual({
      error: 'No API route dey for GET /api/xyz',
      message: 'No API route dey for GET /api/xyz',
      code: 'NOT_FOUND',
    });
    expect(pidgin.headers['content-language']).toBe('pcm');
    expect(pidgin.headers.vary).toContain('Accept-Language');
    const english = await get('/api/xyz', { headers: { 'accept-language': 'fr' } });
    expect(english.json()).toMatchObject({ error: 'No API route for GET /api/xyz' });
    expect(english.headers['content-language']).toBeUndefined();
    expect(english.headers.vary).toContain('Accept-Language');

    await get('/api/posts/7', { headers: { 'accept-language': 'pcm' } });
    expect(edge.fakes.hits[0]!.headers['accept-language']).toBe('pcm');
  });

  it('forwards the method and query untouched', async () => {
    const res = await get('/api/posts/7?include=comments&page=2', { method: 'DELETE', headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(200);
    expect(edge.fakes.hits[0]).toMatchObject({ upstream: 'posts', method: 'DELETE', url: '/api/posts/7?include=comments&page=2' });
  });

  it('drops a body sent with GET, and its length, instead of leaving the service waiting for it', async () => {
    // Had the body's length been forwarded, the fake would wait for bytes that never come: the test's
    // hang guard, not a clock, catches that.
    const res = await request(`${edge.gateway.url}/api/posts/1`, { method: 'GET', body: 'abc', headers: { 'content-type': 'text/plain' } });
    await res.body.text();
    expect(res.statusCode).toBe(200);
    expect(edge.fakes.hits[0]).toMatchObject({ bodyBytes: 0 });
    expect(edge.fakes.hits[0]!.headers['content-length']).toBeUndefined();
  });

  it('refuses path traversal instead of forwarding it', async () => {
    // Sent raw: an HTTP client would resolve the dot segments before sending.
    const answer = await rawHttp(edge.gateway.url, 'GET /api/posts/%2e%2e/admin/users HTTP/1.1\r\nhost: kora.test');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"BAD_REQUEST"');
    expect(edge.fakes.hits).toHaveLength(0);
  });

  it('answers its own /healthz and /readyz without proxying', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok', service: 'gateway' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', service: 'gateway' });
    expect(edge.fakes.hits).toHaveLength(0);
  });

  it('reports every upstream on /api/health/services', async () => {
    const res = await get('/api/health/services');
    expect(res.status).toBe(200);
    const { services } = res.json() as { services: Record<string, string> };
    expect(Object.keys(services).sort()).toEqual(Object.keys(edge.fakes.urls).sort());
    expect(Object.values(services).every((s) => s === 'ok')).toBe(true);
  });

  it('answers a plain request to /ws with 426', async () => {
    const res = await get('/ws');
    expect(res.status).toBe(426);
    expect(res.headers.upgrade).toBe('websocket');
    expect(res.json()).toEqual({
      error: 'This address only accepts WebSocket connections',
      message: 'This address only accepts WebSocket connections',
      code: 'UPGRADE_REQUIRED',
    });
    expect(edge.fakes.hits).toHaveLength(0);
  });

  it('proxies long paths (no router parameter limit)', async () => {
    const long = `/api/posts/${'a'.repeat(500)}`;
    const res = await get(long);
    expect(res.status).toBe(200);
    expect(edge.fakes.hits[0]?.url).toBe(long);
  });
});
