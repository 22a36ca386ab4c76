/**
 * What the edge costs. One service route (`GET /api/auth/session`: it only reads the verified
 * identity) is loaded at 50 connections four ways, each as its own process in front of the same
 * auth service:
 *   direct      the service itself, with a gateway-signed identity header
 *   nginx       nginx with a keep-alive upstream (the yardstick of a good proxy)
 *   bare-proxy  a Node HTTP server handing requests to undici, no logic (the floor of Node's cost)
 *   gateway     the Kora gateway, verifying a real access token and signing the identity itself
 * Each is run `rounds` times, interleaved: the machine is shared and noisy, and the four must see
 * the same weather. The table shows each way's median round; the ratios are the medians of each
 * round's own ratios (ways compared within one round, never across rounds).
 */
import { signAccessToken } from '@kora/platform/access-token';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { fork } from 'node:child_process';
import { pickPort } from '../../scripts/lib/proc.mjs';
import { processTree, watchCpu } from './cpu.js';
import { startNginx, type RunningProxy } from './nginx.js';
import type { Profilers } from './profiler.js';
import type { Scenario } from './scenario.js';
import { runWrk } from './wrk.js';

export interface GatewayBenchTarget {
  gatewayUrl: string;
  authUrl: string;
  secrets: { INTERNAL_SECRET: string; ACCESS_TOKEN_SECRET: string };
  durationMs: number;
  warmUpMs: number;
  rounds: number;
  /** Node options for the bare proxy's process (BENCH_PROFILE=bare-proxy profiles it). */
  bareProxyArgs?: string[];
  profilers: Profilers;
  /** The gateway's and the auth service's processes, whose CPU per request each run reports. */
  pids: { gateway: number | undefined; auth: number | undefined };
}

const CONNECTIONS = 50;
const ROUTE = '/api/auth/session';

async function startBareProxy(upstream: string, execArgv: string[] = []): Promise<RunningProxy> {
  const port = await pickPort('bench-bare-proxy');
  const child = fork('tests/bench/bare-proxy.ts', [upstream, String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...execArgv, '--import', 'tsx'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare proxy exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}

function median(runs: Scenario[]): Scenario {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export type GatewayRatios = Record<'gateway_vs_direct' | 'nginx_vs_direct' | 'bare_proxy_vs_direct' | 'gateway_vs_bare_proxy', number>;

export interface GatewayBenchResult {
  scenarios: Scenario[];
  /** Each round's throughput per way. */
  rounds: Record<string, number>[];
  /** The median over rounds of each round's ratios. */
  ratios: GatewayRatios;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function roundRatios(rounds: Record<string, number>[]): GatewayRatios {
  const of = (a: string, b: string) => round3(medianOf(rounds.map((r) => r[a]! / r[b]!)));
  return {
    gateway_vs_direct: of('gateway', 'direct'),
    nginx_vs_direct: of('nginx', 'direct'),
    bare_proxy_vs_direct: of('bare-proxy', 'direct'),
    gateway_vs_bare_proxy: of('gateway', 'bare-proxy'),
  };
}

export async function benchGateway(target: GatewayBenchTarget): Promise<GatewayBenchResult> {
  const identity = { userId: 42, role: 'user' as const, sessionId: 'bench' };
  const token = await signAccessToken(identity, target.secrets.ACCESS_TOKEN_SECRET, 3600);
  const nginx = await startNginx(target.authUrl);
  const bare = await startBareProxy(target.authUrl, target.bareProxyArgs);
  try {
    // The identity assertion lives 60 s: signed afresh for every run.
    const signed = () => [{ path: ROUTE, headers: { [IDENTITY_HEADER]: signIdentity(identity, target.secrets.INTERNAL_SECRET) } }];
    // Each way's own process (nginx: its master and worker), whose CPU per request is what a ratio
    // is made of: unlike throughput, it hardly moves with what else runs on the machine.
    const ways = [
      { name: 'direct', url: target.authUrl, requests: signed, proxy: [] as number[] },
      { name: 'nginx', url: nginx.url, requests: signed, proxy: processTree(nginx.pid) },
      { name: 'bare-proxy', url: bare.url, requests: signed, proxy: [bare.pid] },
      {
        name: 'gateway',
        url: target.gatewayUrl,
        requests: () => [{ path: ROUTE, headers: { authorization: `Bearer ${token}` } }],
        proxy: target.pids.gateway ? [target.pids.gateway] : [],
      },
    ];
    // Warm-up: JIT, connection pools, lazily loaded modules (none in the smoke run: size.ts).
    for (const way of target.warmUpMs > 0 ? ways : [])
      await runWrk({
        name: `${way.name}-warm-up`,
        url: way.url,
        requests: way.requests(),
        connections: CONNECTIONS,
        durationMs: target.warmUpMs,
      });
    const runs = new Map<string, Scenario[]>(ways.map((w) => [w.name, []]));
    await target.profilers.around('gateway', async () => {
      for (let round = 0; round < target.rounds; round++) {
        for (const way of ways) {
          const cpu = watchCpu({ proxy: way.proxy.length ? way.proxy : undefined, auth: target.pids.auth });
          const run = await runWrk({
            name: way.name,
            url: way.url,
            requests: way.requests(),
            connections: CONNECTIONS,
            durationMs: target.durationMs,
          });
          const { proxy, auth } = cpu.perRequest(run.requests ?? 0);
          // Milliseconds of CPU per request, as microseconds: the proxy's own, and the service's.
          run.notes = {
            cpu_us_per_request_auth: Math.round(auth! * 1000),
            ...(proxy === undefined ? {} : { cpu_us_per_request_proxy: Math.round(proxy * 1000) }),
          };
          runs.get(way.name)!.push(run);
        }
      }
    });
    const rounds = Array.from({ length: target.rounds }, (_, i) =>
      Object.fromEntries(ways.map((w) => [w.name, runs.get(w.name)![i]!.rps])),
    );
    return { scenarios: ways.map((way) => median(runs.get(way.name)!)), rounds, ratios: roundRatios(rounds) };
  } finally {
    await nginx.stop();
    await bare.stop();
  }
}
