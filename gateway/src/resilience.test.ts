import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyUpstreamError } from './errors.js';
import { startFakeUpstreams, startTestGateway, type FakeUpstreams, type TestGateway } from './test-support.js';

let fakes: FakeUpstreams;
let gateway: TestGateway;

beforeAll(async () => {
  fakes = await startFakeUpstreams();
  await fakes.stop('groups');
  gateway = await startTestGateway(
    { ...fakes.urls, wallet: 'http://kora-nowhere.invalid:4100' },
    { UPSTREAM_TIMEOUT_MS: '300', UPSTREAM_CONNECT_TIMEOUT_MS: '500' },
  );
});
afterAll(async () => {
  await gateway?.close();
  await fakes?.close();
});
beforeEach(() => {
  fakes.hits.length = 0;
});

/**
 * One call through the gateway. No clock: a refusal that waited for a timeout would answer 504, not
 * 503, and one that hung would meet the test's hang guard.
 */
async function call(path: string, method: 'GET' | 'POST' = 'GET') {
  const res = await request(`${gateway.url}${path}`, { method, body: method === 'POST' ? '{"a":1}' : undefined });
  const body = (await res.body.json()) as Record<string, unknown>;
  return { status: res.statusCode, body, headers: res.headers };
}

describe('upstream failures', () => {
  it('answers 503 at once when nothing listens', async () => {
    const res = await call('/api/groups/1');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: 'The groups service is unavailable. Please try again shortly.',
      message: 'The groups service is unavailable. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
    // Still a normal gateway answer: request id and security headers.
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 for POST too (no retry, no hang)', async () => {
    const res = await call('/api/groups', 'POST');
    expect(res.status).toBe(503);
  });

  it('answers 503 when the host does not resolve, within the connect timeout', async () => {
    const res = await call('/api/wallet/balance');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The wallet service is unavailable. Please try again shortly.',
    });
  });

  it('answers 504 when the service does not answer within UPSTREAM_TIMEOUT_MS', async () => {
    const res = await call('/api/posts/slow');
    expect(res.status).toBe(504);
    expect(res.body).toEqual({
      error: 'The posts service took too long to answer. Please try again.',
      message: 'The posts service took too long to answer. Please try again.',
      code: 'GATEWAY_TIMEOUT',
    });
    // The request reached the service, which had not answered: the timeout, not a refusal.
    expect(fakes.hits.filter((h) => h.upstream === 'posts' && h.url === '/api/posts/slow')).toHaveLength(1);
  });

  it("passes a service's own 503 through once, without retrying it", async () => {
    const res = await call('/api/friends/unavailable');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ down: true });
    expect(fakes.hits.filter((h) => h.upstream === 'friends')).toHaveLength(1);
  });

  it('keeps serving other services while one is down', async () => {
    expect((await call('/api/posts')).status).toBe(200);
  });

  it('reports the down services on /api/health/services, within the probe deadline', async () => {
    const res = await call('/api/health/services');
    expect(res.status).toBe(200);
    const services = res.body.services as Record<string, string>;
    expect(services).toMatchObject({ groups: 'down', wallet: 'down', posts: 'ok', web: 'ok' });
  });

  it('classifies errors by the codes in their cause chain', () => {
    const wrap = (code: string) => Object.assign(new Error('wrapped'), { cause: Object.assign(new Error('x'), { code }) });
    expect(classifyUpstreamError(wrap('ECONNREFUSED'))).toBe('unavailable');
    expect(classifyUpstreamError(wrap('ENOTFOUND'))).toBe('unavailable');
    expect(classifyUpstreamError(wrap('UND_ERR_CONNECT_TIMEOUT'))).toBe('unavailable');
    expect(classifyUpstreamError(wrap('UND_ERR_HEADERS_TIMEOUT'))).toBe('timeout');
    expect(classifyUpstreamError(wrap('UND_ERR_BODY_TIMEOUT'))).toBe('timeout');
    expect(classifyUpstreamError(wrap('ECONNRESET'))).toBe('bad-gateway');
    expect(classifyUpstreamError(new AggregateError([Object.assign(new Error(), { code: 'ECONNREFUSED' })]))).toBe('unavailable');
  });
});
