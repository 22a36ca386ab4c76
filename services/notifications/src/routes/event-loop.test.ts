import { signServiceCall, SERVICE_CALL_HEADER } from '@kora/platform/identity';
import { testEnv } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { useNotificationsService } from '../test-support.js';

describe(`GET /internal/event-loop (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useNotificationsService();
  const read = (headers: Record<string, string>) => service.svc.app.inject({ method: 'GET', url: '/internal/event-loop', headers });
  const signed = () => ({ [SERVICE_CALL_HEADER]: signServiceCall('bench', testEnv().INTERNAL_SECRET) });

  it('answers sibling services the delay since the previous call, each call opening a new window', async () => {
    await read(signed());
    // Hold the loop for 120 ms from when the timer fires (late, on a loaded machine): the next window must show it.
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        const until = performance.now() + 120;
        while (performance.now() < until);
        resolve();
      }, 30),
    );
    await new Promise((r) => setTimeout(r, 50));
    const res = await read(signed());
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<{ windowMs: number; samples: number; p50Ms: number; p99Ms: number; maxMs: number }>();
    expect(first.samples).toBeGreaterThan(0);
    expect(first.maxMs).toBeGreaterThanOrEqual(60);
    expect(first.p50Ms).toBeLessThanOrEqual(first.p99Ms);
    expect(first.p99Ms).toBeLessThanOrEqual(first.maxMs);
    const next = (await read(signed())).json<{ windowMs: number }>();
    expect(next.windowMs).toBeLessThan(first.windowMs);
  });

  it('refuses anyone else with 403', async () => {
    const res = await read({});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await read({ [SERVICE_CALL_HEADER]: signServiceCall('bench', 'not-the-internal-secret-at-all') })).statusCode).toBe(403);
  });
});
