/**
 * `npm start`'s metrics on a port of their own (decision 052): the one process's registry, every
 * service, the gateway and the web app in it, served on METRICS_PORT when it is set. On
 * METRICS_HOST, loopback unless set: on a single server the port would otherwise face the internet.
 * Unset, each service's loopback port still answers `/metrics`, at a port chosen at each start.
 */
import { blankIsUnset, loadConfig } from '@kora/platform';
import { metricsPortSchema, serveMetrics, type MetricsServer } from '@kora/platform/metrics';
import { z } from 'zod';

const embeddedMetricsSchema = z.object({
  METRICS_PORT: z.preprocess(blankIsUnset, metricsPortSchema.optional()),
  METRICS_HOST: z.preprocess(blankIsUnset, z.string().trim().min(1).default('127.0.0.1')),
});

/** Serves the metrics when METRICS_PORT is set (null otherwise); a bad value stops the start (ConfigError). */
export async function serveEmbeddedMetrics(env: Record<string, string | undefined> = process.env): Promise<MetricsServer | null> {
  const { METRICS_PORT, METRICS_HOST } = loadConfig(embeddedMetricsSchema, env);
  return METRICS_PORT === undefined ? null : serveMetrics({ host: METRICS_HOST, port: METRICS_PORT });
}
