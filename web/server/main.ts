/**
 * Runs the web app as its own process (distributed mode), behind the gateway.
 * WEB_PORT (default 3000) and WEB_HOST (default 127.0.0.1); WEB_BUILD_DIR overrides web/build.
 * Its metrics are served on METRICS_PORT (default 9464), not on WEB_PORT: the gateway forwards to
 * WEB_PORT every path that is not the API's, `/metrics` included (decision 052). Traced when an OTLP
 * endpoint is configured (decision 053).
 */
import { DEFAULT_METRICS_PORT, metricsPortSchema, serveMetrics } from '@kora/platform/metrics';
import { startTracing } from '@kora/platform/tracing';
import { z } from 'zod';
import { createWebServer } from './app';

const config = z
  .object({
    WEB_PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    WEB_HOST: z.string().min(1).default('127.0.0.1'),
    WEB_BUILD_DIR: z.string().min(1).optional(),
    WEB_ACCESS_LOG: z.enum(['true', 'false']).default('true'),
    METRICS_PORT: metricsPortSchema.default(DEFAULT_METRICS_PORT),
  })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));

// Before the first request: its span is asked for then (decision 053).
const stopTracing = await startTracing('web');
const server = await createWebServer({
  buildDir: config.WEB_BUILD_DIR,
  logger: config.WEB_ACCESS_LOG === 'true',
});

server.listen(config.WEB_PORT, config.WEB_HOST, () => {
  console.log(`web listening on http://${config.WEB_HOST}:${config.WEB_PORT}`);
});
const metrics = await serveMetrics({ host: config.WEB_HOST, port: config.METRICS_PORT });
console.log(`web metrics on ${metrics.url}`);

let closing = false;
function shutdown(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  console.log(`web: ${signal} received, closing`);
  // Stop accepting, let in-flight requests finish, and give up after 10 s.
  const force = setTimeout(() => {
    console.error('web: forced exit after 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close((error) => {
    if (error) console.error(error);
    void Promise.allSettled([metrics.close(), stopTracing()]).finally(() => process.exit(error ? 1 : 0));
  });
  server.closeIdleConnections();
}

process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
