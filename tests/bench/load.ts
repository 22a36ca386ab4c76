/**
 * A small closed-loop HTTP load generator (undici pool): `concurrency` requests in flight for
 * `durationMs`, then requests/s and latency percentiles. Bounded in time and count, loopback only.
 */
import { Pool } from 'undici';

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
}

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

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
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
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name: options.name,
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50)),
    p90: round(percentile(latencies, 90)),
    p99: round(percentile(latencies, 99)),
  };
}
