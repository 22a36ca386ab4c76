import { eventEnvelopeSchema } from '@kora/contracts';
import { recordSpans, type SpanRecorder } from '@kora/testing/spans';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEnvelope } from '../events/outbox.js';
import { handleInTrace } from '../events/event-spans.js';
import { installTraceContext } from '../http/trace-context.js';
import { currentSpan, currentTraceId, runWithTrace } from '../logger.js';
import { inClientSpan } from './message-spans.js';
import { tracingConfigured } from './start.js';
import { activeTracing } from './tracing.js';

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const PARENT = 'b7ad6b7169203331';

describe('tracingConfigured', () => {
  it('is on only with an OTLP endpoint, and off whenever the SDK or its exporter is switched off', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});

describe('with tracing off', () => {
  it('keeps the request id as the trace id in logs, and events carry no traceparent', () => {
    expect(activeTracing()).toBeNull();
    runWithTrace('req-1', () => {
      expect(currentTraceId()).toBe('req-1');
      expect(currentSpan()).toBeNull();
      const envelope = buildEnvelope({
        type: 'post.liked',
        aggregateId: 1,
        actorId: 2,
        payload: { postId: 1, postOwnerId: 3, actorId: 2 },
      });
      expect(envelope.traceId).toBe('req-1');
      expect('traceparent' in envelope).toBe(false);
    });
  });

  it('reads an envelope whose traceparent is unusable, without it', () => {
    const envelope = buildEnvelope({ type: 'post.liked', aggregateId: 1, actorId: 2, payload: { postId: 1, postOwnerId: 3, actorId: 2 } });
    for (const traceparent of ['x'.repeat(500), 42])
      expect(eventEnvelopeSchema.parse({ ...envelope, traceparent }).traceparent).toBeUndefined();
    expect(eventEnvelopeSchema.parse({ ...envelope, traceparent: `00-${TRACE}-${PARENT}-01` }).traceparent).toBe(
      `00-${TRACE}-${PARENT}-01`,
    );
  });
});

describe('with tracing on', () => {
  let recorder: SpanRecorder;
  beforeEach(() => {
    recorder = recordSpans('posts');
  });
  afterEach(async () => {
    await recorder.stop();
  });

  const tracing = () => activeTracing()!;

  it('continues a valid traceparent, and writes one naming the new span', () => {
    const span = tracing().startSpan('GET /x', { kind: 'server', remote: { traceparent: `00-${TRACE}-${PARENT}-01` } });
    expect(span.spanContext().traceId).toBe(TRACE);
    expect(tracing().traceparentOf(span)).toBe(`00-${TRACE}-${span.spanContext().spanId}-01`);
    span.end();
    expect(recorder.spans()[0]).toMatchObject({ traceId: TRACE, parentSpanId: PARENT, kind: 'server', service: 'posts' });
  });

  it('starts a new trace for a missing or malformed traceparent', () => {
    const bad = [
      undefined,
      '',
      `01-${TRACE}`,
      `ff-${TRACE}-${PARENT}-01`,
      `00-${'0'.repeat(32)}-${PARENT}-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      `00-${TRACE.slice(1)}-${PARENT}-01`,
      `00-${TRACE}-${PARENT}-zz`,
    ];
    for (const traceparent of bad) {
      const span = tracing().startSpan('GET /x', { kind: 'server', remote: { traceparent } });
      expect(span.spanContext().traceId, String(traceparent)).not.toBe(TRACE);
      expect(span.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
      span.end();
    }
    expect(recorder.spans().every((s) => s.parentSpanId === null)).toBe(true);
  });

  it('keeps a caller’s unsampled trace unsampled, and its tracestate with it', () => {
    const span = tracing().startSpan('GET /x', {
      kind: 'server',
      remote: { traceparent: [`00-${TRACE}-${PARENT}-00`], tracestate: 'vendor=1' },
    });
    expect(span.isRecording()).toBe(false);
    expect(tracing().headersOf(span)).toEqual({ traceparent: `00-${TRACE}-${span.spanContext().spanId}-00`, tracestate: 'vendor=1' });
    span.end();
    expect(recorder.spans()).toHaveLength(0);
  });

  it('stamps logs with the span’s trace id', () => {
    const span = tracing().startSpan('GET /x', { kind: 'server' });
    runWithTrace('req-1', () => expect(currentTraceId()).toBe(span.spanContext().traceId), span);
  });

  it('carries an event’s trace from the span that emitted it to the span of the consumer that handles it', async () => {
    const request = tracing().startSpan('POST /api/posts/:id/react', {
      kind: 'server',
      remote: { traceparent: `00-${TRACE}-${PARENT}-01` },
    });
    const envelope = runWithTrace(
      'req-1',
      () => buildEnvelope({ type: 'post.liked', aggregateId: 1, actorId: 2, payload: { postId: 1, postOwnerId: 3, actorId: 2 } }),
      request,
    );
    request.end();
    expect(envelope.traceId).toBe(TRACE);
    expect(envelope.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));

    let inside: string | null = null;
    await handleInTrace(envelope, 'notifications.writer', async () => {
      inside = currentTraceId();
      const statement = tracing().startSpan('SELECT', { kind: 'client', parent: currentSpan() });
      statement.end();
    });
    expect(inside).toBe(TRACE);

    const spans = recorder.spans();
    const producer = spans.find((s) => s.kind === 'producer')!;
    const consumer = spans.find((s) => s.kind === 'consumer')!;
    expect(producer).toMatchObject({ name: 'publish post.liked', parentSpanId: request.spanContext().spanId });
    expect(producer.attributes).toMatchObject({ 'messaging.destination.name': 'posts.post', 'messaging.message.id': envelope.id });
    expect(consumer).toMatchObject({ name: 'process post.liked', traceId: TRACE, parentSpanId: producer.spanId });
    expect(consumer.attributes['messaging.consumer.group.name']).toBe('notifications.writer');
    expect(spans.find((s) => s.name === 'SELECT')?.parentSpanId).toBe(consumer.spanId);
  });

  it('makes a client span for a call to another system under the span being served, failed when the call throws, and none outside any', async () => {
    const request = tracing().startSpan('GET /api/search', { kind: 'server' });
    const answer = await runWithTrace('req-1', () => inClientSpan('search', { 'db.system': 'opensearch' }, async () => 42), request);
    await expect(runWithTrace('req-1', () => inClientSpan('search', {}, () => Promise.reject(new Error('down'))), request)).rejects.toThrow(
      'down',
    );
    expect(await inClientSpan('search', {}, async () => 'outside')).toBe('outside');
    request.end();
    expect(answer).toBe(42);
    const calls = recorder.spans().filter((s) => s.kind === 'client');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      name: 'search',
      parentSpanId: request.spanContext().spanId,
      status: 0,
      attributes: { 'db.system': 'opensearch' },
    });
    expect(calls[1]).toMatchObject({ parentSpanId: request.spanContext().spanId, status: 2 });
  });

  it('marks a consumer span failed when its handler throws, and starts a new trace for an event without a traceparent', async () => {
    const envelope = buildEnvelope({ type: 'post.liked', aggregateId: 1, actorId: 2, payload: { postId: 1, postOwnerId: 3, actorId: 2 } });
    expect('traceparent' in envelope).toBe(false);
    await expect(
      handleInTrace(envelope, 'g', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const [consumer] = recorder.spans();
    expect(consumer).toMatchObject({ kind: 'consumer', parentSpanId: null, status: 2 });
  });

  it('gives each service request a server span under the caller’s, with the route, status and trace id as its request id', async () => {
    const app = Fastify();
    installTraceContext(app);
    app.get('/api/posts/:id', async (request) => ({ id: request.id, traceId: currentTraceId() }));
    app.get('/api/fails', async () => {
      throw new Error('broken');
    });
    app.get('/healthz', async () => ({ traceId: currentTraceId() }));
    try {
      const res = await app.inject({ url: '/api/posts/7?x=1', headers: { traceparent: `00-${TRACE}-${PARENT}-01` } });
      expect(res.json()).toEqual({ id: TRACE, traceId: TRACE });
      await app.inject({ url: '/api/fails' });
      await app.inject({ url: '/healthz' });
      const spans = recorder.spans();
      expect(spans).toHaveLength(2);
      expect(spans[0]).toMatchObject({ name: 'GET /api/posts/:id', kind: 'server', traceId: TRACE, parentSpanId: PARENT });
      expect(spans[0]!.attributes).toMatchObject({
        'http.route': '/api/posts/:id',
        'url.path': '/api/posts/7',
        'http.response.status_code': 200,
      });
      expect(spans[1]).toMatchObject({ name: 'GET /api/fails', parentSpanId: null, status: 2 });
    } finally {
      await app.close();
    }
  });
});
