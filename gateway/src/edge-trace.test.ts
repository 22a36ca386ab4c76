import { recordSpans, type SpanRecorder } from '@kora/testing/spans';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayOverFakes } from './test-support.js';

const edge = gatewayOverFakes();
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await request(`${edge.gateway.url}${path}`, { headers });
  await res.body.text();
  return { status: res.statusCode, requestId: res.headers['x-request-id'] };
}

describe('gateway traces', () => {
  describe('with tracing on', () => {
    let recorder: SpanRecorder;
    beforeAll(() => {
      recorder = recordSpans('gateway');
    });
    afterAll(async () => {
      await recorder.stop();
    });
    beforeEach(() => recorder.clear());

    it('continues the client’s trace and hands the service its own span', async () => {
      const res = await get('/api/posts/7?x=1', { traceparent: `00-${TRACE}-${CLIENT_SPAN}-01`, tracestate: 'client=1' });
      expect(res.status).toBe(200);
      expect(res.requestId).toBe(TRACE);
      const [span] = recorder.spans();
      expect(span).toMatchObject({ name: 'GET posts', kind: 'server', traceId: TRACE, parentSpanId: CLIENT_SPAN });
      expect(span!.attributes).toMatchObject({ 'url.path': '/api/posts/7', 'http.response.status_code': 200, 'kora.upstream': 'posts' });
      const upstream = edge.fakes.hits[0]!.headers;
      expect(upstream.traceparent).toBe(`00-${TRACE}-${span!.spanId}-01`);
      expect(upstream.tracestate).toBe('client=1');
      expect(upstream['x-request-id']).toBe(TRACE);
    });

    it('starts a new trace for a request without a valid traceparent, and drops the tracestate that came with it', async () => {
      const res = await get('/api/posts/7', { traceparent: 'garbage', tracestate: 'client=1', 'x-request-id': 'my-own-id' });
      const [span] = recorder.spans();
      expect(span!.parentSpanId).toBeNull();
      // The client gets its own id back; the services and the logs know the request by its trace.
      expect(res.requestId).toBe('my-own-id');
      const upstream = edge.fakes.hits[0]!.headers;
      expect(upstream['x-request-id']).toBe(span!.traceId);
      expect(upstream.traceparent).toBe(`00-${span!.traceId}-${span!.spanId}-01`);
      expect(upstream.tracestate).toBeUndefined();
    });

    it('records refusals at the edge, and no span for health probes', async () => {
      expect((await get('/api/nowhere')).status).toBe(404);
      await get('/healthz');
      expect(recorder.spans().map((s) => [s.name, s.attributes['http.response.status_code']])).toEqual([['GET', 404]]);
    });
  });

  it('with tracing off, passes the client’s trace context and request id on untouched', async () => {
    const traceparent = `00-${TRACE}-${CLIENT_SPAN}-01`;
    const res = await get('/api/posts/7', { traceparent, 'x-request-id': 'my-own-id' });
    expect(res.requestId).toBe('my-own-id');
    expect(edge.fakes.hits[0]!.headers.traceparent).toBe(traceparent);
  });
});
