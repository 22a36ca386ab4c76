/**
 * Turns tracing on for a process when an OTLP endpoint is configured (decision 053), with
 * OpenTelemetry's own variables:
 *   OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the full URL) or OTEL_EXPORTER_OTLP_ENDPOINT (its base,
 *   `/v1/traces` added) — where spans go, as OTLP/HTTP JSON; neither set: tracing stays off;
 *   OTEL_SERVICE_NAME — `service.name`, by default the process's own name;
 *   OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none — off whatever else is set;
 *   OTEL_TRACES_SAMPLER(_ARG), OTEL_BSP_* — sampling and batching, read by the SDK itself.
 * Off, nothing of OpenTelemetry's SDK is even loaded.
 */
import { useTracing } from './tracing.js';

type Env = Record<string, string | undefined>;

export function tracingConfigured(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/**
 * Starts tracing when configured, before the process opens its database or takes requests (they
 * look for it then). Answers the function that exports what is left and stops it, for shutdown.
 */
export async function startTracing(processName: string): Promise<() => Promise<void>> {
  const env = process.env;
  if (!tracingConfigured(env)) return async () => {};
  const [{ createTracing }, { OTLPTraceExporter }, { BatchSpanProcessor }] = await Promise.all([
    import('./sdk.js'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-trace-base'),
  ]);
  const tracing = createTracing({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || processName,
    // The exporter reads its endpoint, headers and timeout from the OTEL_EXPORTER_OTLP_* variables.
    processor: new BatchSpanProcessor(new OTLPTraceExporter()),
  });
  useTracing(tracing);
  return async () => {
    useTracing(null);
    await tracing.shutdown();
  };
}
