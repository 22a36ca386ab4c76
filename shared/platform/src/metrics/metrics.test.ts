/**
 * The metrics (decision 052): requests recorded by route pattern, the registry in Prometheus' text
 * format at `/metrics` and on a metrics port of its own, gauges read from the sources running at
 * scrape time, readings that cost a round trip cached, and job failures counted.
 */
import { metricSample } from '@kora/testing';
import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import type { JobRunner } from '../jobs/jobs.js';
import { MemoryJobRunner } from '../jobs/memory-runner.js';
import { createLogger } from '../logger.js';
import { cachedFor } from './cached.js';
import { installMetrics } from './fastify-metrics.js';
import { serveMetrics } from './metrics-server.js';
import { metricsText } from './registry.js';
import { watchServiceMetrics } from './service-metrics.js';
import { sourcedGauge } from './sourced-gauge.js';

const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;
const scrape = async () => (await metricsText()).text;

describe('service requests', () => {
  it('are recorded by route pattern, method and status, never by the URL as sent; scrapes are not', async () => {
    const service = unique('svc');
    const app = Fastify();
    installMetrics(app, service);
    app.get('/things/:id', async () => ({ ok: true }));
    await app.ready();

    for (const id of [1, 2, 3]) expect((await app.inject({ method: 'GET', url: `/things/${id}?q=${id}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/nowhere/4' })).statusCode).toBe(404);
    const scraped = await app.inject({ method: 'GET', url: '/metrics' });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);

    const text = scraped.body;
    const count = (labels: Record<string, string>) => metricSample(text, 'http_server_requests_seconds_count', { service, ...labels });
    expect(count({ method: 'GET', route: '/things/:id', status: '200' })).toBe(3);
    expect(count({ method: 'DELETE', route: 'unmatched', status: '404' })).toBe(1);
    expect(text.split('\n').filter((line) => line.includes(service) && /things\/\d|nowhere/.test(line))).toEqual([]);
    expect(count({ route: '/metrics' })).toBeUndefined();
    // Node's own, with the event-loop lag among them.
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    await app.close();
  });
});

describe('the metrics port', () => {
  it('answers GET /metrics, and refuses every other path and method in the error shape', async () => {
    const server = await serveMetrics({ host: '127.0.0.1', port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const ok = await fetch(server.url);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('process_cpu_seconds_total');

      const elsewhere = await fetch(new URL('/healthz', server.url));
      expect(elsewhere.status).toBe(404);
      expect(await elsewhere.json()).toEqual({
        error: 'This port serves /metrics only',
        message: 'This port serves /metrics only',
        code: 'NOT_FOUND',
      });

      const posted = await fetch(server.url, { method: 'POST' });
      expect(posted.status).toBe(405);
      expect(posted.headers.get('allow')).toBe('GET, HEAD');
      expect(await posted.json()).toMatchObject({ code: 'BAD_REQUEST' });
    } finally {
      await server.close();
    }
  });
});

describe('gauges read at scrape time', () => {
  it('add up their sources, leave out a failing one, and drop a removed one', async () => {
    const name = unique('kora_test_gauge');
    const gauge = sourcedGauge(name, 'test', ['part']);
    const removeFirst = gauge.add(() => [{ labels: { part: 'a' }, value: 2 }]);
    gauge.add(async () => [{ labels: { part: 'a' }, value: 3 }]);
    gauge.add(() => {
      throw new Error('database down');
    });
    gauge.add(() => [{ labels: { part: 'b' }, value: 7 }]);
    let text = await scrape();
    expect(metricSample(text, name, { part: 'a' })).toBe(5);
    expect(metricSample(text, name, { part: 'b' })).toBe(7);

    removeFirst();
    text = await scrape();
    expect(metricSample(text, name, { part: 'a' })).toBe(3);
  });

  it('leave out a source slower than their wait, without holding the scrape up', async () => {
    const name = unique('kora_test_gauge');
    const gauge = sourcedGauge(name, 'test', ['part'], 50);
    gauge.add(() => [{ labels: { part: 'quick' }, value: 1 }]);
    const removeSlow = gauge.add(() => new Promise(() => {}));
    const started = performance.now();
    const text = await scrape();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(metricSample(text, name, { part: 'quick' })).toBe(1);
    removeSlow();
  });

  it('report a service’s outbox, pool and queues until it stops', async () => {
    const service = unique('svc');
    const schema = unique('schema');
    const queue = unique('queue');
    const database = { poolStats: () => ({ total: 4, idle: 1, waiting: 2 }) } as unknown as Database;
    let counted = 0;
    const jobs = {
      jobCounts: async () => {
        counted++;
        return [{ queue, state: 'waiting', count: 6 }];
      },
    } as unknown as JobRunner;
    const metrics = watchServiceMetrics({ service, schema, database, jobs, pendingOutbox: async () => 9 });

    let text = await scrape();
    expect(metricSample(text, 'kora_outbox_backlog', { schema })).toBe(9);
    expect(metricSample(text, 'kora_db_pool_connections', { service, state: 'total' })).toBe(4);
    expect(metricSample(text, 'kora_db_pool_connections', { service, state: 'idle' })).toBe(1);
    expect(metricSample(text, 'kora_db_pool_waiting', { service })).toBe(2);
    expect(metricSample(text, 'kora_queue_jobs', { queue, state: 'waiting' })).toBe(6);
    // A second scrape at once reads the queues' counts from the first (they cost Redis a round trip).
    await scrape();
    expect(counted).toBe(1);

    await metrics.stop();
    text = await scrape();
    expect(metricSample(text, 'kora_outbox_backlog', { schema })).toBeUndefined();
    expect(metricSample(text, 'kora_queue_jobs', { queue })).toBeUndefined();
  });
});

describe('a cached reading', () => {
  it('is read again only once it is older than its age limit, and a failed one is not kept', async () => {
    let now = 0;
    let reads = 0;
    let fail = false;
    const read = cachedFor(
      5_000,
      async () => {
        reads++;
        if (fail) throw new Error('broker away');
        return reads;
      },
      () => now,
    );
    expect(await read()).toBe(1);
    now = 4_999;
    expect(await read()).toBe(1);
    now = 5_000;
    fail = true;
    await expect(read()).rejects.toThrow('broker away');
    fail = false;
    expect(await read()).toBe(3);
    expect(reads).toBe(3);
  });
});

describe('failed jobs', () => {
  it('are counted by queue, each failed try, the last one apart', async () => {
    const runner = new MemoryJobRunner(createLogger('test', 'silent'));
    const queue = unique('queue');
    runner.register(
      queue,
      async () => {
        throw new Error('always');
      },
      { attempts: 2, backoffMs: 1 },
    );
    await runner.start();
    await runner.enqueue(queue, {});
    await runner.idle();
    const text = await scrape();
    expect(metricSample(text, 'kora_queue_jobs_failed_total', { queue, final: 'false' })).toBe(1);
    expect(metricSample(text, 'kora_queue_jobs_failed_total', { queue, final: 'true' })).toBe(1);
    expect(await runner.jobCounts()).toEqual([
      { queue, state: 'waiting', count: 0 },
      { queue, state: 'active', count: 0 },
    ]);
    await runner.close();
  });
});
