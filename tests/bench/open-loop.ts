/**
 * Open-loop load: requests leave on a fixed schedule (`rate` per second) whatever the answers do,
 * and each latency is counted from the moment the request was due, not from when it was sent. A
 * server that stalls therefore shows its stall in every request queued behind it, where a
 * closed-loop client would quietly send less ("coordinated omission").
 */
import type pg from 'pg';
import { Agent, request } from 'undici';
import { fromLatencies, type Scenario } from './scenario.js';
import type { LoadRequest } from './load.js';

export interface OpenLoopOptions {
  name: string;
  url: string;
  rate: number;
  durationMs: number;
  next: (sequence: number) => LoadRequest;
  /** Sockets the client may open; enough that no request waits for one at the target rate. */
  connections?: number;
}

export async function runOpenLoop(options: OpenLoopOptions): Promise<Scenario> {
  const agent = new Agent({ connections: options.connections ?? 64, pipelining: 1 });
  const total = Math.round((options.rate * options.durationMs) / 1000);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + n * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const { path, headers } = options.next(n);
    inFlight.push(
      request(new URL(path, options.url), { dispatcher: agent, method: 'GET', headers, headersTimeout: 10_000, bodyTimeout: 10_000 })
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode !== 200) errors++;
        })
        .catch(() => void errors++)
        .finally(() => latencies.push(performance.now() - due)),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  const result = fromLatencies(options.name, latencies, errors, seconds);
  return { ...result, notes: { offered_rps: options.rate } };
}

/** A statement sent bare to PostgreSQL on the same kind of schedule: the yardstick beside a route. */
export async function runOpenLoopSql(
  pool: pg.Pool,
  name: string,
  statement: { sql: string; params: unknown[] },
  rate: number,
  durationMs: number,
): Promise<Scenario> {
  const total = Math.round((rate * durationMs) / 1000);
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      pool
        .query(statement.sql, statement.params)
        .then(() => undefined)
        .catch(() => void errors++)
        .finally(() => latencies.push(performance.now() - due)),
    );
  }
  await Promise.all(inFlight);
  return { ...fromLatencies(name, latencies, errors, (performance.now() - started) / 1000), notes: { offered_rps: rate } };
}
