/**
 * Tracing for a test (decision 053): the process's tracing switched on with an in-memory exporter
 * that keeps every ended span, read back as plain objects. `stop()` switches it off again; the
 * files of a worker share their modules, so a test that leaves it on would trace the next file.
 */
import { useTracing } from '@kora/platform';
import { createTracing } from '@kora/platform/tracing-sdk';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

export interface RecordedSpan {
  name: string;
  kind: 'internal' | 'server' | 'client' | 'producer' | 'consumer';
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  service: string;
  attributes: Record<string, unknown>;
  /** The status code: 0 unset, 1 ok, 2 error. */
  status: number;
}

const KINDS = ['internal', 'server', 'client', 'producer', 'consumer'] as const;

function recorded(span: ReadableSpan): RecordedSpan {
  const context = span.spanContext();
  return {
    name: span.name,
    kind: KINDS[span.kind],
    traceId: context.traceId,
    spanId: context.spanId,
    parentSpanId: span.parentSpanContext?.spanId ?? null,
    service: String(span.resource.attributes['service.name']),
    attributes: { ...span.attributes },
    status: span.status.code,
  };
}

export interface SpanRecorder {
  /** Every span ended since the start (or the last `clear()`), in the order they ended. */
  spans(): RecordedSpan[];
  clear(): void;
  stop(): Promise<void>;
}

export function recordSpans(serviceName = 'test'): SpanRecorder {
  const exporter = new InMemorySpanExporter();
  const tracing = createTracing({ serviceName, processor: new SimpleSpanProcessor(exporter) });
  useTracing(tracing);
  return {
    spans: () => exporter.getFinishedSpans().map(recorded),
    clear: () => exporter.reset(),
    async stop() {
      useTracing(null);
      await tracing.shutdown();
    },
  };
}
