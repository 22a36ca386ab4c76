/**
 * Prometheus metrics (decision 052), against the distributed product (the harness lists every
 * process's metrics endpoint in KORA_METRICS_URLS): a private Prometheus scrapes every process each
 * second, the test calls a posts route through the gateway, and Prometheus' own query API then
 * answers a request rate above zero for that route at the gateway and at posts, by route pattern,
 * never by the URL as sent. The gateway's metrics answer on their own port only: on the public
 * origin `/metrics` is an ordinary unknown page.
 */
import { readUntil } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrometheus, type PrometheusServer } from '../../scripts/lib/prometheus.mjs';
import { api, BASE_URL } from './support/product.js';

const TARGETS = JSON.parse(process.env.KORA_METRICS_URLS ?? '{}') as Record<string, string>;

const rateOf = (selector: string) => `sum(rate(http_server_requests_seconds_count{${selector}}[5s]))`;

describe.skipIf(!TARGETS.gateway)('metrics of the distributed product', () => {
  let prometheus: PrometheusServer;
  const tag = `metrics${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    prometheus = await startPrometheus({ targets: TARGETS, intervalSeconds: 1 });
  });

  afterAll(async () => {
    await prometheus?.close();
  });

  it('serves the gateway’s metrics on its metrics port, and not on the public origin', async () => {
    const scraped = await fetch(TARGETS.gateway!);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await scraped.text();
    expect(text).toContain('http_server_requests_seconds_bucket{');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // Nothing else answers on that port.
    expect((await fetch(new URL('/healthz', TARGETS.gateway))).status).toBe(404);

    const publicAnswer = await fetch(new URL('/metrics', BASE_URL), { signal: AbortSignal.timeout(10_000) });
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toContain('http_server_requests_seconds');
  });

  it('is scraped from every process by Prometheus, which sees the calls at the gateway and at posts', async () => {
    const path = `/api/hashtags/${tag}/posts`;
    const seen = await readUntil(
      async () => {
        // Anonymous: posts answers 401 itself, which is a request it served like any other.
        for (let i = 0; i < 5; i++) expect((await api(path)).status).toBe(401);
        const [up, gateway, posts] = await Promise.all([
          prometheus.query('up'),
          prometheus.query(rateOf('job="gateway",route="/api/hashtags/*",status="401"')),
          prometheus.query(rateOf('job="posts",route="/api/hashtags/:tag/posts",status="401"')),
        ]);
        return { up, gateway: gateway[0]?.[1] ?? 0, posts: posts[0]?.[1] ?? 0 };
      },
      ({ up, gateway, posts }) =>
        up.length === Object.keys(TARGETS).length && up.every(([, value]) => value === 1) && gateway > 0 && posts > 0,
      45_000,
      500,
    );
    expect(seen.up.filter(([, value]) => value !== 1).map(([labels]) => labels.job)).toEqual([]);
    expect(seen.up).toHaveLength(Object.keys(TARGETS).length);
    expect(seen.gateway).toBeGreaterThan(0);
    expect(seen.posts).toBeGreaterThan(0);

    // Labelled by route pattern: the tag in the URL never becomes a series.
    expect(await prometheus.query(`count({route=~".*${tag}.*"})`)).toEqual([]);
  }, 60_000);

  it('holds what the services report beside their requests', async () => {
    const expressions = [
      'kora_outbox_backlog{job="posts",schema="posts"}',
      'kora_db_pool_connections{job="posts",state="total"} > 0',
      'kora_kafka_consumer_lag{job="notifications"}',
      'kora_queue_jobs{job="media",queue="media.video-process"}',
      'kora_live_sockets{job="notifications"}',
      'nodejs_eventloop_lag_seconds{job="web"}',
    ];
    // A reading that costs a round trip (the consumers' lag) comes with a scrape after the first.
    const missing = await readUntil(
      async () => {
        const answers = await Promise.all(expressions.map((expression) => prometheus.query(expression)));
        return expressions.filter((_, i) => answers[i]!.length === 0);
      },
      (left) => left.length === 0,
      20_000,
      500,
    );
    expect(missing).toEqual([]);
  }, 30_000);
});
