/**
 * `http_server_requests_seconds`: every answered request by service, method, route and status. The
 * route is the pattern that answered (`/api/posts/:id`), never the URL as sent, so the series stay
 * few whatever clients ask for: a path nothing answers is `unmatched`.
 */
import { Histogram } from 'prom-client';
import { once } from './registry.js';

type Label = 'service' | 'method' | 'route' | 'status';

export const UNMATCHED_ROUTE = 'unmatched';

/** From a millisecond's answer to a slow upload's; the gateway answers most in a few milliseconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const histogram = once(
  (registry) =>
    new Histogram<Label>({
      name: 'http_server_requests_seconds',
      help: 'HTTP requests answered, by service, method, route pattern and status',
      labelNames: ['service', 'method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [registry],
    }),
);

export type RecordRequest = (method: string, route: string, status: number, seconds: number) => void;

/**
 * Records one service's requests. Each method, route and status found gets its series once and
 * keeps it in a map, so a request costs a string and a lookup rather than prom-client's own hashing
 * of the labels: the gateway records every request it passes on.
 */
export function requestRecorder(service: string): RecordRequest {
  const series = new Map<string, { observe(seconds: number): void }>();
  return (method, route, status, seconds) => {
    const key = `${method} ${status} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = histogram().labels({ service, method, route, status: String(status) });
      series.set(key, child);
    }
    child.observe(seconds);
  };
}
