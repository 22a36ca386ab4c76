/**
 * CPU profiles of product processes taken over one scenario only (not their start-up, nor the
 * seeding before it): each process named in BENCH_PROFILE runs with the inspector on a private
 * port, and the bench starts V8's sampling profiler through the DevTools protocol right before the
 * scenario and stops it right after, writing `.tmp/bench/profiles/<scenario>.<process>.cpuprofile`
 * (read it with tests/bench/profile-summary.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { pickPort } from '../../scripts/lib/proc.mjs';

const DIR = path.resolve('.tmp/bench/profiles');

interface Session {
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): void;
}

async function connect(port: number): Promise<Session> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl, { perMessageDeflate: false, maxPayload: 1 << 30 });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 1;
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? {});
  });
  return {
    send(method, params = {}) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => ws.close(),
  };
}

export interface Profilers {
  /** Node options per process name, for startCluster's nodeArgs. */
  nodeArgs: Record<string, string[]>;
  /** Runs `scenario` with every named process profiled; the profiles are written after it. */
  around<T>(scenario: string, run: () => Promise<T>): Promise<T>;
}

export async function profilersFor(names: string[]): Promise<Profilers> {
  const ports = new Map<string, number>();
  for (const name of names) ports.set(name, await pickPort(`bench-inspect-${name}`));
  return {
    nodeArgs: Object.fromEntries([...ports].map(([name, port]) => [name, [`--inspect=127.0.0.1:${port}`]])),
    async around(scenario, run) {
      if (ports.size === 0) return run();
      const sessions = await Promise.all([...ports].map(async ([name, port]) => ({ name, session: await connect(port) })));
      for (const { session } of sessions) {
        await session.send('Profiler.enable');
        await session.send('Profiler.setSamplingInterval', { interval: 200 });
        await session.send('Profiler.start');
      }
      try {
        return await run();
      } finally {
        mkdirSync(DIR, { recursive: true });
        for (const { name, session } of sessions) {
          const { profile } = await session.send('Profiler.stop');
          writeFileSync(path.join(DIR, `${scenario}.${name}.cpuprofile`), JSON.stringify(profile));
          session.close();
        }
      }
    },
  };
}
