/**
 * runWrk against a local server: a window that closes before the first answer runs again for
 * longer; a window with answers, even failing ones, stands.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runWrk } from './wrk.js';

let server: Server | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server answering `status`, holding every answer until `holdMs` after its first request. */
async function serve(status: number, holdMs: number): Promise<string> {
  let firstAt: number | undefined;
  server = createServer((req, res) => {
    firstAt ??= Date.now();
    const wait = Math.max(0, firstAt + holdMs - Date.now());
    setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end('ok'), wait);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function retryLines() {
  const write = vi.spyOn(process.stdout, 'write');
  return () => write.mock.calls.map(([chunk]) => String(chunk)).filter((line) => line.includes('had no answer'));
}

describe('the bench’s wrk runs', () => {
  it('runs a window that closed before the first answer again, twice as long', async () => {
    const url = await serve(200, 1_500);
    const lines = retryLines();
    const result = await runWrk({ name: 'held', url, requests: [{ path: '/' }], connections: 4, durationMs: 1_000, threads: 1 });
    expect(lines()).toEqual(['bench: held had no answer within 1 s; running it for 2 s\n']);
    expect(result.requests).toBeGreaterThan(0);
    expect(result.errors).toBe(0);
  }, 30_000);

  it('keeps a window whose answers all failed: the failures are the finding', async () => {
    const url = await serve(500, 0);
    const lines = retryLines();
    const result = await runWrk({ name: 'failing', url, requests: [{ path: '/' }], connections: 4, durationMs: 1_000, threads: 1 });
    expect(lines()).toEqual([]);
    expect(result.errors).toBeGreaterThan(0);
  }, 30_000);
});
