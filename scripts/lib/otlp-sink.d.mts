// Types for otlp-sink.mjs (its test is TypeScript).
export interface SinkSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  kind: string;
  service: string | null;
  attributes: Record<string, unknown>;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  status: { code?: number; message?: string };
}

export function spansOf(request: unknown): SinkSpan[];

export function startOtlpSink(): Promise<{
  url: string;
  spans: SinkSpan[];
  close(): Promise<void>;
}>;
