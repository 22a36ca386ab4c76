/** `npm start`'s metrics port (embedded-metrics.ts): only when METRICS_PORT is set, loopback unless told. */
import { ConfigError } from '@kora/platform';
import { describe, expect, it } from 'vitest';
import { serveEmbeddedMetrics } from './embedded-metrics.js';

describe("npm start's metrics port", () => {
  it('is not opened when METRICS_PORT is unset or blank', async () => {
    expect(await serveEmbeddedMetrics({})).toBeNull();
    expect(await serveEmbeddedMetrics({ METRICS_PORT: '' })).toBeNull();
  });

  it('refuses a value that is not a port, naming the setting', async () => {
    for (const METRICS_PORT of ['nine', '-1', '70000', '94.64']) {
      const start = serveEmbeddedMetrics({ METRICS_PORT });
      await expect(start, METRICS_PORT).rejects.toBeInstanceOf(ConfigError);
      await expect(start, METRICS_PORT).rejects.toThrow(/METRICS_PORT/);
    }
  });

  it("serves the process's registry on loopback by default, and on METRICS_HOST when set", async () => {
    for (const [env, host] of [
      [{ METRICS_PORT: '0' }, '127.0.0.1'],
      [{ METRICS_PORT: '0', METRICS_HOST: '127.0.0.2' }, '127.0.0.2'],
    ] as const) {
      const metrics = (await serveEmbeddedMetrics(env))!;
      try {
        expect(new URL(metrics.url).hostname).toBe(host);
        const res = await fetch(metrics.url);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('nodejs_eventloop_lag_p99_seconds');
      } finally {
        await metrics.close();
      }
    }
  });
});
