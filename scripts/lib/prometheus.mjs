// A private Prometheus for the tests (decision 052): Debian's `prometheus` package, started on a
// loopback port with a configuration generated from the processes to scrape and a throwaway
// storage folder, stopped (and its folder removed) by `close()`. The distributed product's metrics
// test starts one for its own few seconds and asks it through Prometheus' HTTP API.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDebianPackage } from './apt.mjs';
import { ROOT, mkdirp, pickPort, rmrf, sleep, which } from './proc.mjs';

/** The path of `prometheus`, installed from Debian's package when missing and we are root. */
export function ensurePrometheus() {
  return ensureDebianPackage({ pkg: 'prometheus', what: 'Prometheus (the metrics test)', find: () => which('prometheus') });
}

/**
 * Prometheus' configuration (JSON is YAML): one job per process, named after it, scraping the
 * path of its metrics URL every `intervalSeconds`.
 * @param {Record<string, string>} targets process name -> metrics URL
 */
export function prometheusConfig(targets, intervalSeconds = 1) {
  const interval = `${intervalSeconds}s`;
  return JSON.stringify(
    {
      global: { scrape_interval: interval, scrape_timeout: interval, evaluation_interval: interval },
      scrape_configs: Object.entries(targets).map(([job, url]) => {
        const { host, pathname } = new URL(url);
        return { job_name: job, metrics_path: pathname, static_configs: [{ targets: [host] }] };
      }),
    },
    null,
    2,
  );
}

/**
 * Starts Prometheus scraping `targets`; resolves once it answers ready.
 * @param {{ targets: Record<string, string>, intervalSeconds?: number, timeoutMs?: number }} options
 */
export async function startPrometheus({ targets, intervalSeconds = 1, timeoutMs = 30_000 }) {
  const binary = which('prometheus');
  if (!binary)
    throw new Error('prometheus is not installed: `apt-get install prometheus` (scripts/test.mjs installs it for the distributed stage)');
  const dir = path.join(ROOT, '.tmp', 'prometheus', `${process.pid}-${Date.now()}`);
  mkdirp(dir);
  const configFile = path.join(dir, 'prometheus.yml');
  fs.writeFileSync(configFile, prometheusConfig(targets, intervalSeconds));
  const port = await pickPort(`prometheus-${process.pid}`);
  const output = [];
  const child = spawn(
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmrf(dir);
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      rmrf(dir);
      throw new Error(`prometheus exited with code ${child.exitCode}:\n${output.join('').slice(-2000)}`);
    }
    const ready = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`prometheus was not ready after ${timeoutMs} ms:\n${output.join('').slice(-2000)}`);
    }
    await sleep(100);
  }

  return {
    url,
    /** An instant query (`/api/v1/query`): the result vector as [labels, value] pairs. */
    async query(expression) {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`, { signal: AbortSignal.timeout(5000) });
      const body = await res.json();
      if (body.status !== 'success') throw new Error(`prometheus refused ${expression}: ${body.error ?? res.status}`);
      return body.data.result.map((sample) => [sample.metric, Number(sample.value[1])]);
    },
    close,
  };
}
