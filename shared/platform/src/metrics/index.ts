/**
 * `@kora/platform/metrics`: Prometheus metrics (decision 052) for the code that records them
 * (notifications' sockets, media's transcodes) and the processes that serve them on a port of
 * their own (the gateway, the web app). Nothing here opens a connection to a server.
 */
export { metricsRegistry, metricsText } from './registry.js';
export { requestRecorder, UNMATCHED_ROUTE, type RecordRequest } from './http-requests.js';
export { METRICS_PATH } from './fastify-metrics.js';
export { DEFAULT_METRICS_PORT, metricsPortSchema, serveMetrics, type MetricsServer } from './metrics-server.js';
export { countLiveSockets } from './live-sockets.js';
export { observeTranscode, type TranscodeOutcome } from './transcodes.js';
