/**
 * A small closed-loop HTTP load generator (undici pool): `concurrency` requests in flight for
 * `durationMs`, then requests/s and latency percentiles. Bounded in time and count, loopback only.
 */
import { Pool } from 'undici';
import { fromLatencies, type Scenario } from './scenario.js';

export interface LoadRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface LoadOptions {
  name: string;
  url: string;
  path: string;
  headers?: Record<string, string>;
  /** Varies each request (another member, another page); `path`/`headers` are then defaults. */
  next?: (sequence: number) => LoadRequest;
  concurrency?: number;
  durationMs?: number;
  expectStatus?: number;
}

export async function runLoad(options: LoadOptions): Promise<Scenario> {
  const { url, path, headers = {}, concurrency = 32, durationMs = 10_000, expectStatus = 200 } = options;
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let sequence = 0;
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const request = options.next?.(sequence++) ?? { path, headers };
          const res = await pool.request({ method: 'GET', path: request.path, headers: request.headers ?? headers });
          await res.body.dump();
          if (res.statusCode !== expectStatus) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return fromLatencies(options.name, latencies, errors, elapsed);
}
