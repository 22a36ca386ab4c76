import { createTracing } from '@kora/platform/tracing-sdk';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpSink } from './otlp-sink.mjs';

describe('the OTLP sink', () => {
  let sink: Awaited<ReturnType<typeof startOtlpSink>>;
  beforeAll(async () => {
    sink = await startOtlpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('keeps what the product’s exporter sends, by trace', async () => {
    const tracing = createTracing({
      serviceName: 'posts',
      processor: new BatchSpanProcessor(new OTLPTraceExporter({ url: `${sink.url}/v1/traces` })),
    });
    const parent = tracing.startSpan('POST /api/posts', { kind: 'server', attributes: { 'http.response.status_code': 201 } });
    const child = tracing.startSpan('INSERT', { kind: 'client', parent, attributes: { 'db.system': 'postgresql' } });
    child.end();
    tracing.fail(parent, new Error('broken'));
    parent.end();
    await tracing.shutdown(); // exports what is buffered

    const traceId = parent.spanContext().traceId;
    const res = await fetch(`${sink.url}/spans?traceId=${traceId}`);
    const spans = (await res.json()) as Awaited<ReturnType<typeof startOtlpSink>>['spans'];
    expect(spans.map((s) => [s.name, s.kind, s.service, s.parentSpanId])).toEqual([
      ['INSERT', 'client', 'posts', parent.spanContext().spanId],
      ['POST /api/posts', 'server', 'posts', null],
    ]);
    expect(spans[0]!.attributes).toEqual({ 'db.system': 'postgresql' });
    expect(spans[1]!.attributes['http.response.status_code']).toBe(201);
    expect(spans[1]!.status.code).toBe(2);
  });

  it('refuses what it cannot keep with a clear error', async () => {
    const post = (type: string, body: string) =>
      fetch(`${sink.url}/v1/traces`, { method: 'POST', headers: { 'content-type': type }, body });
    const protobuf = await post('application/x-protobuf', 'x');
    expect(protobuf.status).toBe(415);
    expect(((await protobuf.json()) as { error: string }).error).toMatch(/JSON/);
    expect((await post('application/json', '{')).status).toBe(400);
    expect((await fetch(`${sink.url}/elsewhere`)).status).toBe(404);
  });
});
