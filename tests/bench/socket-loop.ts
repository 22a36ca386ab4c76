/**
 * How long a notifications instance keeps work waiting while the socket scenarios run, two ways:
 * - from inside: the instance's own event-loop delay sampler, read at GET /internal/event-loop
 *   (signed as a sibling service; services/notifications live/event-loop.ts). This is the figure
 *   the goals are read against: it is the loop's delay itself.
 * - from outside: /healthz timed every 50 ms. Its round trip adds the request's own work and the
 *   bench's scheduling, so it bounds the loop's delay from above; it is kept beside the first.
 */
import type { EventLoopWindow } from '@kora/notifications';
import { signServiceCall, SERVICE_CALL_HEADER } from '@kora/platform/identity';
import { percentile } from './scenario.js';

/** What GET /internal/event-loop answers: one window's delays in milliseconds. */
export type LoopWindow = EventLoopWindow;

/** The instance's event-loop delay since the previous read (a read also starts the next window). */
export async function readEventLoop(instanceUrl: string, internalSecret: string): Promise<LoopWindow> {
  const res = await fetch(new URL('/internal/event-loop', instanceUrl), {
    headers: { [SERVICE_CALL_HEADER]: signServiceCall('bench', internalSecret) },
  });
  if (!res.ok) throw new Error(`GET /internal/event-loop answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as LoopWindow;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Times the instance's /healthz every 50 ms until stopped (one at a time, so a stall shows as one long sample). */
export function sampleHealthz(url: string): { stop(): Promise<{ p50: number; p99: number; max: number }> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(new URL('/healthz', url)).then(
        (res) => res.arrayBuffer(),
        () => undefined,
      );
      samples.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = samples.sort((a, b) => a - b);
      // The maximum too: a stall once per heartbeat is one sample in hundreds, below any percentile.
      return { p50: round1(percentile(sorted, 50)), p99: round1(percentile(sorted, 99)), max: round1(sorted.at(-1) ?? 0) };
    },
  };
}
