/**
 * Closed-loop throughput with wrk (Debian package `wrk`, installed when missing): C, one event loop
 * per thread, so the load generator takes far less of the machine's two cores than a Node client
 * would, and what is measured is the server. A Lua script varies the requests (another member's
 * token each time) and prints the summary as one JSON line for us to read. Errors are socket
 * errors, timeouts and answers that are not 2xx/3xx.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDebianPackage } from '../../scripts/lib/apt.mjs';
import { which } from '../../scripts/lib/proc.mjs';
import type { Scenario } from './scenario.js';

export interface WrkOptions {
  name: string;
  url: string;
  /** Path and headers of each request, one entry per variant; requests cycle through them. */
  requests: { path: string; headers?: Record<string, string> }[];
  connections: number;
  durationMs: number;
  threads?: number;
}

const WORK_DIR = path.resolve('.tmp/bench/wrk');

const luaString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function script(options: WrkOptions): string {
  const requests = options.requests
    .map(
      (r) =>
        `{ ${luaString(r.path)}, { ${Object.entries(r.headers ?? {})
          .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
          .join(', ')} } }`,
    )
    .join(',\n');
  return `
local variants = {
${requests}
}
local n = #variants
local i = 0
local count = 0

setup = function(thread)
  thread:set("id", count)
  count = count + 1
end

init = function(args)
  -- Threads start at different variants so they do not ask for the same thing in step.
  i = id * 7919
end

request = function()
  i = i + 1
  local v = variants[(i % n) + 1]
  return wrk.format("GET", v[1], v[2])
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"socket_errors":%d,"wrong_status":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;
}

/**
 * wrk stops with up to a request a connection still in flight, and the server goes on answering
 * them: one more request, answered behind them, keeps those leftovers out of the next measured run
 * (after a warm-up on a starved machine they took a whole 1-second run, which then measured nothing).
 */
async function drain(options: WrkOptions): Promise<void> {
  const first = options.requests[0];
  if (!first) return;
  const res = await fetch(new URL(first.path, options.url), { headers: first.headers, signal: AbortSignal.timeout(30_000) }).catch(
    () => null,
  );
  await res?.arrayBuffer().catch(() => undefined);
}

/** Tries in all when a run ends before its first answer: its window doubles each time. */
const TRIES = 3;

/**
 * Every connection's first request is answered at about the same moment, interleaved with the
 * others', so a short window on a starved machine can close before any of them is: that run measured
 * the window, not the server. It runs again for twice as long, and only such a run does; one with
 * errors or answers stands.
 */
export async function runWrk(options: WrkOptions): Promise<Scenario> {
  let durationMs = options.durationMs;
  for (let attempt = 1; ; attempt++) {
    const result = await runWrkOnce({ ...options, durationMs });
    if ((result.requests ?? 0) > 0 || (result.errors ?? 0) > 0 || attempt === TRIES) return result;
    process.stdout.write(
      `bench: ${options.name} had no answer within ${durationMs / 1000} s; running it for ${(2 * durationMs) / 1000} s\n`,
    );
    durationMs *= 2;
  }
}

async function runWrkOnce(options: WrkOptions): Promise<Scenario> {
  const wrk = await ensureDebianPackage({ pkg: 'wrk', what: 'wrk (HTTP load generator)', find: () => which('wrk') });
  mkdirSync(WORK_DIR, { recursive: true });
  const file = path.join(WORK_DIR, `${options.name.replace(/[^a-z0-9-]/gi, '_')}.lua`);
  writeFileSync(file, script(options));
  const threads = options.threads ?? 2;
  const args = [
    '-t',
    String(threads),
    '-c',
    String(Math.max(threads, options.connections)),
    '-d',
    `${Math.round(options.durationMs / 1000)}s`,
    '--timeout',
    '10s',
    '-s',
    file,
    options.url,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`))));
  });
  await drain(options);
  const line = /WRK_JSON (\{.*\})/.exec(output)?.[1];
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const s = JSON.parse(line) as {
    requests: number;
    duration_us: number;
    p50_us: number;
    p90_us: number;
    p99_us: number;
    socket_errors: number;
    wrong_status: number;
  };
  const ms = (us: number) => Math.round(us / 10) / 100;
  return {
    name: options.name,
    rps: Math.round(s.requests / (s.duration_us / 1e6)),
    p50_ms: ms(s.p50_us),
    p90_ms: ms(s.p90_us),
    p99_ms: ms(s.p99_us),
    requests: s.requests,
    errors: s.socket_errors + s.wrong_status,
  };
}
