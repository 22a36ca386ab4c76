/**
 * The gateway's request metrics (decision 052): each request it answers is counted by the routing
 * rule that matched, never by the URL as sent; its metrics are not on the public port (a `/metrics`
 * there is a page of the web app like any other), but on METRICS_PORT (server.ts).
 */
import { metricsText } from '@kora/platform/metrics';
import { metricSample } from '@kora/testing';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { routeLabel } from './request-metrics.js';
import { gatewayOverFakes, testEnv } from './test-support.js';

const edge = gatewayOverFakes();

const countOf = async (labels: Record<string, string>) =>
  metricSample((await metricsText()).text, 'http_server_requests_seconds_count', { service: 'gateway', ...labels }) ?? 0;

describe('the gateway’s request metrics', () => {
  it.each([
    ['/api/posts/12', '/api/posts/*'],
    ['/api/posts', '/api/posts/*'],
    ['/api/groups/7/posts', '/api/groups/*/posts'],
    ['/api/signin', '/api/signin'],
    ['/uploads/a/b.jpg', '/uploads/*'],
    ['/api/nothing/here', 'unmatched'],
    ['/ws', '/ws'],
    ['/healthz', '/healthz'],
    ['/api/docs/openapi.json', '/api/docs/*'],
    ['/', 'web'],
    ['/profile/12', 'web'],
    ['/metrics', 'web'],
  ])('label %s as %s', (path, route) => {
    expect(routeLabel(path)).toBe(route);
  });

  it('count each answered request by method, route and status, whoever answered it', async () => {
    const proxied = { method: 'GET', route: '/api/posts/*', status: '200' };
    const refused = { method: 'GET', route: 'unmatched', status: '404' };
    const [proxiedBefore, refusedBefore] = [await countOf(proxied), await countOf(refused)];

    for (const path of ['/api/posts/101', '/api/posts/102', '/api/nothing/here'])
      await (await request(`${edge.gateway.url}${path}`)).body.dump();

    // Counted when the answer's connection side closes, just after the client has read it.
    await expect.poll(() => countOf(proxied)).toBe(proxiedBefore + 2);
    await expect.poll(() => countOf(refused)).toBe(refusedBefore + 1);
    expect((await metricsText()).text).not.toMatch(/posts\/10[12]/);
  });

  it('are not served on the public port: /metrics goes to the web app like any page', async () => {
    const res = await request(`${edge.gateway.url}/metrics`);
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).not.toContain('http_server_requests_seconds');
    expect(edge.fakes.hits).toMatchObject([{ upstream: 'web', url: '/metrics' }]);
  });

  it('are served on METRICS_PORT, 9464 unless set', () => {
    expect(testEnv(edge.fakes.urls).METRICS_PORT).toBe(9464);
    expect(testEnv(edge.fakes.urls, { METRICS_PORT: '9100' }).METRICS_PORT).toBe(9100);
    expect(() => testEnv(edge.fakes.urls, { METRICS_PORT: 'x' })).toThrow(/METRICS_PORT|number/);
  });
});
