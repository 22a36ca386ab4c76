/**
 * One trace from the gateway to a consumer in another service (decision 053; distributed mode only:
 * the harness points every process's OTLP exporter at a local sink, scripts/lib/otlp-sink.mjs, and
 * names it in KORA_OTLP_SINK_URL). A member likes a post with a trace of their own (a sampled
 * `traceparent`, which the gateway continues); the spans the sink receives for that trace id go
 * from the gateway through the posts service and its statements to the notifications writer that
 * turns the like into a notification, and the writer's own statements. A page's trace holds the
 * web app's rendering and the API calls its loaders made; an upload's holds the transcode job.
 */
import { makeVideo, readUntil } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesForm } from '../support/media-files.js';
import { json, signedInMember, type SignedIn } from './support/members.js';
import { createPost } from './support/posts.js';
import { api } from './support/product.js';
import type { SinkSpan } from '../../scripts/lib/otlp-sink.mjs';

const SINK = process.env.KORA_OTLP_SINK_URL;

async function spansOf(traceId: string): Promise<SinkSpan[]> {
  const res = await fetch(`${SINK}/spans?traceId=${traceId}`, { signal: AbortSignal.timeout(5_000) });
  return (await res.json()) as SinkSpan[];
}

/** A new sampled trace, as a client that traces its own calls would start it. */
function clientTrace(): { traceId: string; clientSpanId: string; traceparent: string } {
  const traceId = randomBytes(16).toString('hex');
  const clientSpanId = randomBytes(8).toString('hex');
  return { traceId, clientSpanId, traceparent: `00-${traceId}-${clientSpanId}-01` };
}

const isStatement = (span: SinkSpan) => span.attributes['db.system'] === 'postgresql';

/**
 * Reads the trace until `expectations` pass on it, then runs them once more so a trace still short
 * of them after `timeoutMs` fails on the first missing part. Each process exports its spans in its
 * own batches, so the parts of one trace reach the sink in any order.
 */
async function expectTrace(traceId: string, expectations: (spans: SinkSpan[]) => void, timeoutMs: number): Promise<void> {
  const passes = (spans: SinkSpan[]) => {
    try {
      expectations(spans);
      return true;
    } catch {
      return false;
    }
  };
  expectations(await readUntil(() => spansOf(traceId), passes, timeoutMs));
}

describe.skipIf(!SINK)('a trace across the gateway, a service, its database and a consumer', () => {
  let owner: SignedIn;
  let liker: SignedIn;

  beforeAll(async () => {
    [owner, liker] = await Promise.all([signedInMember(), signedInMember()]);
  });

  it('holds the gateway, posts and its statements, and the notifications writer under the trace the client started', async () => {
    const post = await createPost(owner, 'Traced all the way');
    const { traceId, clientSpanId, traceparent } = clientTrace();
    const like = json({ reaction: 'like' }, liker.token);
    const liked = await api(`/api/posts/${post.id}/react`, {
      ...like,
      headers: { ...(like.headers as Record<string, string>), traceparent },
    });
    expect(liked.status).toBe(200);
    // The request's id is the trace id, so a member's report of it leads to the trace.
    expect(liked.headers.get('x-request-id')).toBe(traceId);

    await expectTrace(
      traceId,
      (spans) => {
        const byId = new Map(spans.map((s) => [s.spanId, s]));

        const gateway = spans.find((s) => s.service === 'gateway' && s.kind === 'server');
        expect(gateway, 'the gateway span').toBeDefined();
        expect(gateway!.parentSpanId).toBe(clientSpanId);
        expect(gateway!.name).toBe('POST posts');

        const posts = spans.find((s) => s.service === 'posts' && s.kind === 'server');
        expect(posts, 'the posts service span').toBeDefined();
        expect(posts!.parentSpanId).toBe(gateway!.spanId);
        expect(posts!.attributes['http.route']).toBe('/api/posts/:id/react');
        expect(posts!.attributes['http.response.status_code']).toBe(200);

        const statements = spans.filter((s) => s.parentSpanId === posts!.spanId && isStatement(s));
        expect(statements.length, 'the posts statements').toBeGreaterThan(0);
        // The statement's text, never its values: the post's id is a parameter.
        const texts = statements.map((s) => String(s.attributes['db.query.text']));
        expect(texts.some((text) => text.includes('$1'))).toBe(true);

        const writer = spans.find(
          (s) =>
            s.service === 'notifications' &&
            s.kind === 'consumer' &&
            String(s.attributes['messaging.consumer.group.name']).startsWith('notifications.writer'),
        );
        expect(writer, 'the notifications writer span').toBeDefined();
        expect(writer!.name).toBe('process post.liked');
        // The writer continues the span under which posts emitted the event.
        const producer = byId.get(writer!.parentSpanId!);
        expect(producer?.kind).toBe('producer');
        expect(producer?.service).toBe('posts');
        expect(producer?.parentSpanId).toBe(posts!.spanId);
        expect(
          spans.some((s) => s.parentSpanId === writer!.spanId && isStatement(s)),
          'the writer statements',
        ).toBe(true);
      },
      20_000,
    );
  }, 60_000);

  it('holds a page, the web app that rendered it, and the calls its loaders made through the gateway to the services', async () => {
    const { traceId, clientSpanId, traceparent } = clientTrace();
    const page = await fetch(new URL('/', process.env.KORA_BASE_URL), {
      headers: { cookie: `kora_at=${owner.token}`, traceparent },
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    expect(page.status).toBe(200);
    await page.text();

    await expectTrace(
      traceId,
      (spans) => {
        const gateway = spans.find((s) => s.service === 'gateway' && s.parentSpanId === clientSpanId);
        expect(gateway?.name, 'the page’s gateway span').toBe('GET web');
        const web = spans.find((s) => s.service === 'web' && s.kind === 'server');
        expect(web, 'the web app span').toBeDefined();
        expect(web!.parentSpanId).toBe(gateway!.spanId);
        expect(web!.attributes['url.path']).toBe('/');
        expect(web!.attributes['http.response.status_code']).toBe(200);
        const calls = spans.filter((s) => s.service === 'gateway' && s.parentSpanId === web!.spanId);
        expect(calls.length, 'the loaders’ calls').toBeGreaterThan(0);
        // The member's own profile, which the layout loads, is answered by the auth service under one of them.
        const services = spans.filter((s) => s.kind === 'server' && calls.some((call) => call.spanId === s.parentSpanId));
        expect(services.map((s) => s.attributes['http.route'])).toContain('/api/users/:id');
      },
      20_000,
    );
  }, 60_000);

  it('holds an upload and the transcode job it queued, and the job’s statements', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kora-traces-'));
    try {
      const clip = await makeVideo(dir, { duration: 1, width: 320, height: 240, container: 'mp4', audio: false });
      const { traceId, traceparent } = clientTrace();
      const uploaded = await api('/api/media/upload', {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, traceparent },
        body: filesForm([{ data: clip, name: 'clip.mp4', type: 'video/mp4' }]),
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);

      await expectTrace(
        traceId,
        (spans) => {
          const media = spans.find((s) => s.service === 'media' && s.kind === 'server');
          expect(media?.attributes['http.route'], 'the upload’s span').toBe('/api/media/upload');
          const producer = spans.find((s) => s.kind === 'producer' && s.name === 'publish media.video-process');
          expect(producer?.parentSpanId, 'queued under the upload').toBe(media!.spanId);
          const job = spans.find((s) => s.kind === 'consumer' && s.name === 'process media.video-process');
          expect(job?.parentSpanId, 'the job under its producer').toBe(producer!.spanId);
          expect(job!.attributes['kora.job.attempt']).toBe(1);
          expect(
            spans.some((s) => s.parentSpanId === job!.spanId && isStatement(s)),
            'the job statements',
          ).toBe(true);
        },
        30_000,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
