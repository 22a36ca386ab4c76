import { createTestAdapters, eventually } from '@kora/testing';
import { recordSpans, type SpanRecorder } from '@kora/testing/spans';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentSpan, currentTraceId, runWithTrace } from '../logger.js';
import { activeTracing } from '../tracing/tracing.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT = '00f067aa0ba902b7';

// On the test target's runner: in-process when embedded, BullMQ under KORA_TEST_TARGET=real.
describe(`jobs in a trace (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let recorder: SpanRecorder;
  beforeEach(() => {
    recorder = recordSpans('media');
  });
  afterEach(async () => {
    await recorder.stop();
  });

  it('carries the trace from the request that queued a job to each try of its processor, and marks a failed try', async () => {
    const adapters = await createTestAdapters();
    const seen: { attempt: number; traceId: string | null }[] = [];
    const request = activeTracing()!.startSpan('POST /api/media/videos', {
      kind: 'server',
      remote: { traceparent: `00-${TRACE}-${CLIENT}-01` },
    });
    try {
      adapters.jobs.register<{ videoId: number }>(
        'test.traced',
        async (job) => {
          seen.push({ attempt: job.attempt, traceId: currentTraceId() });
          const statement = activeTracing()!.startSpan('UPDATE videos', { kind: 'client', parent: currentSpan() });
          statement.end();
          if (job.attempt === 1) throw new Error('ffmpeg failed');
        },
        { attempts: 2, backoffMs: 50, concurrency: 1 },
      );
      await adapters.jobs.start();
      await runWithTrace('req-1', () => adapters.jobs.enqueue('test.traced', { videoId: 7 }, { jobId: 'video-7' }), request);
      request.end();
      await eventually(() => recorder.spans().filter((s) => s.kind === 'consumer').length === 2, 15_000);
    } finally {
      await adapters.close();
    }
    expect(seen).toEqual([
      { attempt: 1, traceId: TRACE },
      { attempt: 2, traceId: TRACE },
    ]);
    const spans = recorder.spans();
    const producer = spans.find((s) => s.kind === 'producer')!;
    expect(producer).toMatchObject({ name: 'publish test.traced', traceId: TRACE, parentSpanId: request.spanContext().spanId });
    const tries = spans.filter((s) => s.kind === 'consumer');
    for (const [index, consumer] of tries.entries()) {
      expect(consumer).toMatchObject({
        name: 'process test.traced',
        traceId: TRACE,
        parentSpanId: producer.spanId,
        status: index === 0 ? 2 : 0,
      });
      expect(consumer.attributes).toMatchObject({ 'messaging.message.id': 'video-7', 'kora.job.attempt': index + 1 });
      expect(spans.filter((s) => s.name === 'UPDATE videos' && s.parentSpanId === consumer.spanId)).toHaveLength(1);
    }
  }, 30_000);

  it('starts a trace of its own for a job queued outside any request', async () => {
    const adapters = await createTestAdapters();
    try {
      adapters.jobs.register('test.untraced', async () => undefined, { attempts: 1 });
      await adapters.jobs.start();
      await adapters.jobs.enqueue('test.untraced', {});
      await eventually(() => recorder.spans().length > 0, 15_000);
    } finally {
      await adapters.close();
    }
    expect(recorder.spans()).toEqual([expect.objectContaining({ kind: 'consumer', name: 'process test.untraced', parentSpanId: null })]);
  }, 30_000);
});
