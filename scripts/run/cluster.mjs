// DISTRIBUTED mode on one machine: every service, the web app and the gateway as separate Node
// processes, against PostgreSQL, Redis and Kafka (from DATABASE_URL, REDIS_URL, KAFKA_BROKERS, or
// private local servers started by scripts/servers.mjs). This is the same process layout as the
// Kubernetes manifests, one Deployment per process.
//
// `startCluster()` is used by `npm run start:cluster` and by the test harness; it returns a handle
// that can also stop and restart single services (tests use that for outage scenarios).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleEntries } from '../lib/bundle.mjs';
import { ROOT, mkdirp, pickPort, sleep } from '../lib/proc.mjs';
import { publicUrlFor } from '../lib/public-url.mjs';

export const SERVICE_NAMES = [
  'auth',
  'friends',
  'posts',
  'media',
  'stories-reels',
  'groups',
  'wallet',
  'settings',
  'notifications',
  'admin',
  'messages',
];
const envName = (name) => `${name.toUpperCase().replace('-', '_')}_URL`;

// A hang guard: on a 2-core machine busy with a whole test run a service took past a minute to start.
async function waitForHealth(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode} before it was healthy (${url})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${url}`);
    await sleep(150);
  }
}

/**
 * @param {object} options
 * @param {number} [options.port] gateway port (default 8080)
 * @param {Record<string,string>} options.servers DATABASE_URL, REDIS_URL, KAFKA_BROKERS
 * @param {Record<string,string>} options.secrets INTERNAL_SECRET, ACCESS_TOKEN_SECRET
 * @param {string} [options.logDir] where each process's log goes
 * @param {string} [options.logLevel]
 * @param {Record<string, number>} [options.extraInstances] more instances of a service, e.g.
 *   `{ notifications: 1 }` starts `notifications-2` beside `notifications` (same schema, groups and
 *   topics: a second replica, as on Kubernetes). The gateway spreads sockets and requests over every
 *   notifications instance (NOTIFICATIONS_URL lists them); for other services it routes to the first.
 *   Tests reach each instance directly through `upstreams['notifications-2']`.
 * @param {Record<string, string[]>} [options.nodeArgs] extra Node options per process, e.g.
 *   `{ gateway: ['--cpu-prof', '--cpu-prof-dir=...'] }` (the bench profiles processes this way).
 * @param {Record<string, Record<string, string>>} [options.extraGateways] more gateways in front of
 *   the same services, each with its own settings over the first's, e.g. `{ 'gateway-low-limit':
 *   { RATE_LIMIT_PER_MINUTE: '50' } }`; their addresses are in `gateways`.
 */
export async function startCluster({
  port = 8080,
  servers,
  secrets,
  logDir = path.join(ROOT, '.tmp', 'cluster', 'logs'),
  logLevel = 'info',
  extraInstances = {},
  nodeArgs = {},
  extraGateways = {},
}) {
  mkdirp(logDir);
  const processes = new Map(); // name -> { child, port, program, env }
  const sources = {
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [name, `services/${name}/src/server.ts`])),
    web: 'web/server/main.ts',
    gateway: 'gateway/src/server.ts',
  };
  // Each process runs from its program's bundle (scripts/lib/bundle.mjs); replicas share their
  // service's. A CPU-profiled process runs from its sources through tsx, so that its profile names
  // our files rather than the bundle.
  const bundles = await bundleEntries(sources);
  const runFrom = (name, program) => {
    const options = nodeArgs[name] ?? [];
    return options.some((option) => option.startsWith('--cpu-prof'))
      ? [...options, '--import', 'tsx', sources[program]]
      : [...options, '--enable-source-maps', bundles.files[program]];
  };
  // PUBLIC_URL: links in mails lead to this gateway's port unless the caller named the address.
  const common = { ...process.env, ...servers, ...secrets, PUBLIC_URL: publicUrlFor(port), LOG_LEVEL: logLevel, NODE_ENV: 'production' };

  function spawnProcess(name, program, env) {
    const log = fs.openSync(path.join(logDir, `${name}.log`), 'a');
    const child = spawn(process.execPath, runFrom(name, program), {
      cwd: ROOT,
      env: { ...common, ...env },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    return child;
  }

  async function startOne(name, program, env, healthUrl) {
    const child = spawnProcess(name, program, env);
    processes.set(name, { child, program, env, healthUrl });
    await waitForHealth(healthUrl, child);
  }

  async function stopOne(name, signal = 'SIGTERM') {
    const proc = processes.get(name);
    if (!proc || proc.child.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.child.once('exit', resolve));
    proc.child.kill(signal);
    const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  const upstreams = {};
  const gateways = {};
  /** Every process's metrics endpoint, by process name: services on their own port, the gateways and the web app on a port of their own (decision 052). */
  const metrics = {};
  /** METRICS_PORT for a process that serves its metrics apart, noted in `metrics`. */
  const metricsPortFor = async (name) => {
    const metricsPort = await pickPort(`metrics-${name}`);
    metrics[name] = `http://127.0.0.1:${metricsPort}/metrics`;
    return String(metricsPort);
  };
  try {
    // Services first (they migrate their schemas at start-up), a few at a time on two cores.
    const ports = {};
    for (const name of SERVICE_NAMES) ports[name] = await pickPort(`svc-${name}`);
    // Every service knows where its siblings are, for internal calls (ctx.callService).
    const siblings = Object.fromEntries(SERVICE_NAMES.map((n) => [envName(n), `http://127.0.0.1:${ports[n]}`]));
    /** Starts one process of `service` (its first instance, or a replica) as `processName`. */
    const startService = async (processName, service, p) => {
      upstreams[processName] = `http://127.0.0.1:${p}`;
      metrics[processName] = `${upstreams[processName]}/metrics`;
      await startOne(processName, service, { ...siblings, HOST: '127.0.0.1', PORT: String(p) }, `${upstreams[processName]}/healthz`);
    };
    const queue = [...SERVICE_NAMES];
    const starters = Array.from({ length: 3 }, async () => {
      for (let name = queue.shift(); name; name = queue.shift()) await startService(name, name, ports[name]);
    });
    await Promise.all(starters);
    // Replicas after every first instance, one at a time: their schemas are migrated by then.
    for (const [name, count] of Object.entries(extraInstances)) {
      for (let i = 2; i <= count + 1; i++) {
        const replica = `${name}-${i}`;
        await startService(replica, name, await pickPort(`svc-${replica}`));
      }
    }

    const webPort = await pickPort('web');
    upstreams.web = `http://127.0.0.1:${webPort}`;
    await startOne(
      'web',
      'web',
      {
        WEB_HOST: '127.0.0.1',
        WEB_PORT: String(webPort),
        GATEWAY_URL: `http://127.0.0.1:${port}`,
        METRICS_PORT: await metricsPortFor('web'),
      },
      `${upstreams.web}/healthz`,
    );

    // The web app (and the tests, which give each client its own X-Forwarded-For) call the gateway
    // from loopback: the proxies it trusts here (decision 032).
    const gatewayEnv = { HOST: '0.0.0.0', PORT: String(port), CACHE_STORE: 'redis', TRUST_PROXY: common.TRUST_PROXY || 'loopback' };
    for (const name of [...SERVICE_NAMES, 'web']) gatewayEnv[envName(name)] = upstreams[name];
    // The gateway spreads sockets over every notifications instance (decision 049); other services keep one address.
    const replicas = Object.keys(upstreams).filter((name) => /^notifications-\d+$/.test(name));
    gatewayEnv.NOTIFICATIONS_URL = ['notifications', ...replicas].map((name) => upstreams[name]).join(',');
    await startOne(
      'gateway',
      'gateway',
      { ...gatewayEnv, METRICS_PORT: await metricsPortFor('gateway') },
      `http://127.0.0.1:${port}/healthz`,
    );
    for (const [name, settings] of Object.entries(extraGateways)) {
      const extraPort = await pickPort(name);
      gateways[name] = `http://127.0.0.1:${extraPort}`;
      const extraEnv = { ...gatewayEnv, ...settings, PORT: String(extraPort), METRICS_PORT: await metricsPortFor(name) };
      await startOne(name, 'gateway', extraEnv, `${gateways[name]}/healthz`);
    }
  } catch (err) {
    await Promise.allSettled([...processes.keys()].map((name) => stopOne(name)));
    bundles.remove();
    throw new Error(`${err.message}\nLogs: ${logDir}`);
  }

  return {
    url: `http://localhost:${port}`,
    logDir,
    upstreams,
    gateways,
    metrics,
    /** The process id of a running process (benchmarks read its memory). */
    pidOf: (name) => processes.get(name)?.child.pid,
    /** Stops one process (a service, 'web' or 'gateway'), as an outage would. */
    stopProcess: (name, signal) => stopOne(name, signal),
    /** Starts a stopped process again on the same port. */
    async startProcess(name) {
      const proc = processes.get(name);
      if (!proc) throw new Error(`unknown process ${name}`);
      await startOne(name, proc.program, proc.env, proc.healthUrl);
    },
    async stop() {
      await Promise.allSettled(['gateway', ...Object.keys(gateways)].map((name) => stopOne(name)));
      await Promise.allSettled([...processes.keys()].filter((n) => n !== 'gateway' && !(n in gateways)).map((name) => stopOne(name)));
      bundles.remove();
    },
  };
}
