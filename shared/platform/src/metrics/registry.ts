/**
 * The process's one Prometheus registry (decision 052): Node's default metrics (CPU, memory, GC,
 * event-loop lag) and every metric of ours. One per process, whatever runs in it: a service alone
 * (distributed mode) or every service, the gateway and the web app together (embedded mode), so
 * each metric of ours is made once, on first use, and says which service a reading is from.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The event-loop delay sampler's timer period: Node's sampler wakes the loop once per period, so a
 * coarse one costs nothing while still taking 20 samples a second. Each sample is the period plus
 * the delay: the lag percentiles read this much on an idle process (decision 052).
 */
export const EVENT_LOOP_SAMPLE_MS = 50;

let registry: Registry | null = null;

export function metricsRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  }
  return registry;
}

/** Made on first call, then the same one: a metric registered twice is an error in prom-client. */
export function once<T>(make: (registry: Registry) => T): () => T {
  let made: T | undefined;
  return () => (made ??= make(metricsRegistry()));
}

/** The registry in Prometheus' text format, and the content type that names it. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  const registry = metricsRegistry();
  return { contentType: registry.contentType, text: await registry.metrics() };
}
