/**
 * The metrics of a process whose main port is public, or answers whatever the gateway forwards to
 * it (the gateway, the web app): served on a port of their own (METRICS_PORT), which no ingress
 * route leads to, so `/metrics` never reaches the internet through the public origin (decision 052).
 * It answers `GET /metrics` (and HEAD) and nothing else.
 */
import { ErrorCode, errorBody, type ErrorBody } from '@kora/contracts';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { METRICS_PATH } from './fastify-metrics.js';
import { metricsText } from './registry.js';

/** The port OpenTelemetry's Prometheus exporter uses by convention; on Kubernetes the port named `metrics`. */
export const DEFAULT_METRICS_PORT = 9464;

/** METRICS_PORT's value: a port, 0 for any free one (tests). Each process says its default. */
export const metricsPortSchema = z.coerce.number().int().min(0).max(65_535);

export interface MetricsServer {
  /** `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, body: ErrorBody): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function serveMetrics(options: { host: string; port: number }): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const q = (req.url ?? '/').indexOf('?');
    const path = q === -1 ? req.url : req.url!.slice(0, q);
    if (path !== METRICS_PATH) return answer(res, 404, errorBody(`This port serves ${METRICS_PATH} only`, ErrorCode.NotFound));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return answer(res, 405, errorBody(`${METRICS_PATH} answers GET only`, ErrorCode.BadRequest));
    }
    metricsText().then(
      ({ contentType, text }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => answer(res, 500, errorBody('The metrics could not be read', ErrorCode.Internal)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}${METRICS_PATH}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
