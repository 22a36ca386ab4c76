#!/usr/bin/env node
// `npm test`: every test of the project. The stages, in their default order (quickest useful
// failure first):
//   typecheck     type-check the root and the web app
//   embedded      unit, web and service tests on the embedded engines (PGlite, in-process bus, jobs)
//   real          the service tests again on real PostgreSQL, Kafka and Redis, plus real-only tests
//   distributed   the DISTRIBUTED product (one process per service): API tests + browser tests
//   embedded-api  the EMBEDDED product (one process): the same API tests
// Each stage that uses the servers works in its own namespace (database, Kafka topic prefix, Redis
// key prefix: scripts/lib/stage-namespace.mjs), so no stage sees another's data, in any order.
// What a stage needs (the web build, ffmpeg, the servers, the mail sink) is prepared on first need.
// It ends with a table of the stages' times and the line "tests: N passed, N failed, N skipped".
//
// Flags: --skip-browser; --skip-api (the distributed stage runs its browser tests only); --only=<stage,...> runs just those; --order=<stage,...> runs the stages in
//   that order (the others after them, in the default order); KORA_TEST_ORDER does the same;
//   --files=<filter,...> passes file filters to every vitest run (to reproduce one test against a
//   stage's product: `npm test -- --only=distributed --files=notifications-live,browser/posts`).
// KORA_TEST_LOG_LEVEL=info keeps the distributed processes' info logs (default warn) in .tmp/cluster-test/logs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ensureDebianPackage } from './lib/apt.mjs';
import { ensureFfmpeg, ensureWebBuild } from './lib/build.mjs';
import { ROOT, mkdirp, pickPort, rmrf, which } from './lib/proc.mjs';
import { newRunId, openStageNamespace } from './lib/stage-namespace.mjs';
import { formatFailedTests, readReport } from './lib/test-report.mjs';
import { STAGES, stageOrder } from './lib/test-stages.mjs';

const args = process.argv.slice(2);
const listArg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3).split(',').filter(Boolean);
const only = listArg('only');
const skipBrowser = args.includes('--skip-browser');
const skipApi = args.includes('--skip-api');
const fileFilters = listArg('files') ?? [];
const order = stageOrder(listArg('order') ?? process.env.KORA_TEST_ORDER?.split(',').filter(Boolean), only ?? STAGES);

/** The test process now running, and the signal that interrupted the run (see the handlers below). */
let activeChild = null;
let interruptedBy = null;
const RESULTS = path.join(ROOT, '.tmp', 'test-results');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Every failed test of every stage, printed at the end next to the totals. */
const failedTests = [];
/** [{ name, seconds, passed, failed, skipped }] for the table at the end. */
const timings = [];
const started = Date.now();
const runId = newRunId();
const CORES = os.availableParallelism();

rmrf(RESULTS);
mkdirp(RESULTS);

function banner(text) {
  process.stdout.write(`\n=== ${text} (${((Date.now() - started) / 1000).toFixed(0)}s) ===\n`);
}

/**
 * The environment every test process starts from: this process's as it was at the start. The
 * embedded product runs inside this process and takes its settings (secrets, SMTP_URL, MEDIA_DIR)
 * from process.env; a stage that runs after it must not inherit them (the web tests' own secret,
 * say), whatever the order of the stages.
 */
const BASE_ENV = { ...process.env };

// Asynchronous on purpose: the embedded product and the control endpoint live in this process and
// must keep serving while a test run is going on.
function run(name, cmd, cmdArgs, env = {}) {
  return new Promise((resolve) => {
    if (interruptedBy) {
      failures.push(`${name} (not run: ${interruptedBy})`);
      return resolve(false);
    }
    // Its own process group, so an interruption can stop its workers with it (see below).
    const child = spawn(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', env: { ...BASE_ENV, ...env }, detached: true });
    activeChild = child;
    child.on('exit', (code) => {
      activeChild = null;
      if (code !== 0) failures.push(name);
      resolve(code === 0);
    });
  });
}

/**
 * Test files run side by side: `workers` files at once. Vitest's default (one fewer than the cores:
 * one worker on a 2-core machine) left the real-server stage waiting on the network file after file
 * (314 s with one worker, 91 s with four on 2 cores).
 */
async function vitest(name, projects, env = {}, { workers } = {}) {
  banner(`vitest: ${name}`);
  const since = Date.now();
  const output = path.join(RESULTS, `${name}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  await run(name, process.execPath, [
    path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...fileFilters,
    ...projectArgs,
    ...(workers ? [`--maxWorkers=${workers}`, '--minWorkers=1'] : []),
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ], env);
  const report = readReport(output, ROOT) ?? { passed: 0, failed: 1, skipped: 0, failedTests: [] }; // crashed before reporting
  totals.passed += report.passed;
  totals.failed += report.failed;
  totals.skipped += report.skipped;
  failedTests.push(...report.failedTests.map((t) => ({ stage: name, ...t })));
  timings.push({ name, seconds: (Date.now() - since) / 1000, passed: report.passed, failed: report.failed, skipped: report.skipped });
}

/** Runs `fn` once however many stages ask for it, and times it into the table. */
function once(name, fn) {
  let promise = null;
  return () =>
    (promise ??= (async () => {
      const since = Date.now();
      const value = await fn();
      timings.push({ name, seconds: (Date.now() - since) / 1000 });
      return value;
    })());
}

const secrets = { INTERNAL_SECRET: randomBytes(24).toString('base64url'), ACCESS_TOKEN_SECRET: randomBytes(24).toString('base64url') };
/** Cleanups, last first, in the `finally` at the end. */
const cleanups = [];

const webBuild = once('(web build)', async () => {
  banner('build');
  ensureWebBuild();
});
// The media workers' tests (and both products' video processing) run the real ffmpeg/ffprobe.
const ffmpeg = once('(ffmpeg)', () => ensureFfmpeg({ required: true }));
const servers = once('(servers start)', async () => {
  banner('real servers');
  const { startServers, stopServers } = await import('./servers.mjs');
  const started = await startServers({ fresh: true, setEnv: false });
  cleanups.push(() => stopServers({ only: started.started, quiet: true }));
  return started.env;
});
// The products send real mail over SMTP to a local sink; tests read it through its HTTP API.
const mailSink = once('(mail sink)', async () => {
  const { startMailSink } = await import('./lib/mail-sink.mjs');
  const sink = await startMailSink();
  cleanups.push(() => sink.close());
  return sink;
});

/** The stage's own database, topic prefix and Redis prefix; removed when the stage ends. */
const namespaceFor = async (stage) => openStageNamespace(await servers(), stage, runId);

/** Environment of a product under test: many sign-ins per minute, uploads kept out of data/. */
function productEnv(mediaDir) {
  return {
    MEDIA_DIR: mediaDir,
    // Tests sign in and up far more often than one person would: lift the per-IP limits of the
    // edge (the limits themselves are tested in the gateway's own tests).
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    REPRESENTATIVE_RATE_LIMIT_PER_HOUR: '100000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
  };
}

const stages = {
  async typecheck() {
    banner('type-check');
    const since = Date.now();
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    await run('typecheck', process.execPath, [tsc, '-p', 'tsconfig.json']);
    await run('typecheck-web', process.execPath, [tsc, '-p', 'web/tsconfig.json']);
    timings.push({ name: 'typecheck', seconds: (Date.now() - since) / 1000 });
  },

  async embedded() {
    await webBuild(); // the web server's own tests need it
    await ffmpeg();
    // PGlite and sharp keep the cores busy: one file more than there are cores.
    await vitest('embedded', ['unit', 'web', 'services'], {}, { workers: CORES + 1 });
  },

  async real() {
    await ffmpeg();
    const namespace = await namespaceFor('real');
    try {
      // Mostly waiting on the servers: twice as many files as cores. The `real` project (it stops the
      // broker) runs apart, after the others, one file at a time.
      const env = { ...namespace.env, KORA_TEST_TARGET: 'real' };
      await vitest('real', ['services'], env, { workers: CORES * 2 });
      await vitest('real-only', ['real'], env);
    } finally {
      await namespace.close();
    }
  },

  async distributed() {
    await webBuild();
    await ffmpeg();
    const sink = await mailSink();
    const namespace = await namespaceFor('distributed');
    banner('distributed product');
    const { startCluster } = await import('./run/cluster.mjs');
    const { serveControl } = await import('./run/control.mjs');
    const port = await pickPort('test-gateway');
    const logDir = path.join(ROOT, '.tmp', 'cluster-test', 'logs');
    rmrf(logDir);
    const mediaDir = path.join(ROOT, '.tmp', 'cluster-test', 'media');
    rmrf(mediaDir);
    let cluster;
    let control;
    try {
      // Two notifications instances: live delivery must reach every tab once, whichever holds it.
      const since = Date.now();
      // Card payments: the sandbox checkout (the browser tests pay on it), turned on explicitly as
      // production needs; no Paystack key, whatever an earlier stage left in this process.
      const servers = { ...namespace.env, ...productEnv(mediaDir), SMTP_URL: sink.smtpUrl, PAYMENTS_SANDBOX: 'on', PAYSTACK_SECRET_KEY: '' };
      cluster = await startCluster({ port, servers, secrets, logDir, logLevel: process.env.KORA_TEST_LOG_LEVEL ?? 'warn', extraInstances: { notifications: 1 } });
      timings.push({ name: '(distributed start)', seconds: (Date.now() - since) / 1000 });
      control = await serveControl(cluster);
      const env = {
        ...secrets,
        ...namespace.env,
        KORA_BASE_URL: `http://127.0.0.1:${port}`,
        KORA_CONTROL_URL: control.url,
        KORA_MAIL_SINK_URL: sink.apiUrl,
        KORA_MODE: 'distributed',
        KORA_NOTIFICATIONS_URLS: [cluster.upstreams.notifications, cluster.upstreams['notifications-2']].join(','),
      };
      // One file at a time (the api project): the notifications outage test stops the broker.
      if (!skipApi) await vitest('distributed-api', ['api'], env);
      if (!skipBrowser) {
        await ensureDebianPackage({ pkg: 'chromium', what: 'Chromium (browser tests)', find: () => which('chromium') });
        await vitest('browser', ['browser'], env);
      }
    } finally {
      await control?.close();
      await cluster?.stop();
      await namespace.close();
      process.stdout.write(`(distributed logs: ${path.relative(ROOT, logDir)})\n`);
    }
  },

  async 'embedded-api'() {
    await webBuild();
    await ffmpeg();
    const sink = await mailSink();
    banner('embedded product');
    const { register } = await import('tsx/esm/api');
    register();
    const { startEmbedded } = await import('./run/embedded.ts');
    const { serveControl } = await import('./run/control.mjs');
    const dataDir = path.join(ROOT, '.tmp', 'embedded-test');
    rmrf(dataDir);
    const port = await pickPort('test-embedded');
    // Card payments go to a fake Paystack (a real HTTP server, never the real one); the API tests
    // steer it through KORA_FAKE_PAYSTACK_URL. The distributed stage keeps the sandbox.
    const { startFakePaystack } = await import('./lib/fake-paystack.mjs');
    const paystack = await startFakePaystack();
    cleanups.push(() => paystack.close());
    const paystackEnv = { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url };
    Object.assign(process.env, secrets, productEnv(path.join(dataDir, 'media')), { SMTP_URL: sink.smtpUrl }, paystackEnv);
    const since = Date.now();
    // Its log lines go to a file, like the distributed product's: on stdout they came out at exit,
    // after the run's summary, and read like part of it.
    const logFile = path.join(dataDir, 'logs', 'embedded.log');
    const product = await startEmbedded({ port, host: '127.0.0.1', dataDir, logLevel: 'warn', logFile });
    timings.push({ name: '(embedded start)', seconds: (Date.now() - since) / 1000 });
    const control = await serveControl(product);
    try {
      await vitest('embedded-api', ['api'], {
        ...secrets,
        KORA_BASE_URL: `http://127.0.0.1:${port}`,
        KORA_CONTROL_URL: control.url,
        KORA_MAIL_SINK_URL: sink.apiUrl,
        KORA_MODE: 'embedded',
        KORA_FAKE_PAYSTACK_URL: paystack.url,
      });
    } finally {
      await control.close();
      await product.stop();
      for (const name of Object.keys(paystackEnv)) delete process.env[name];
      process.stdout.write(`(embedded logs: ${path.relative(ROOT, logFile)})\n`);
    }
  },
};

// Interrupted (Ctrl+C, a CI timeout): the running test process is stopped, no further stage
// starts, and each stage's own `finally` stops the products and servers it started.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interruptedBy = signal;
    process.stdout.write(`\n${signal}: stopping; the processes and servers this run started are stopped next\n`);
    if (activeChild) {
      try {
        process.kill(-activeChild.pid, signal);
      } catch {
        // already gone
      }
    }
  });
}

process.stdout.write(`stages: ${order.join(' → ')} (run ${runId})\n`);
try {
  for (const stage of order) {
    if (interruptedBy) break;
    await stages[stage]();
  }
} catch (err) {
  failures.push(`harness: ${err.message}`);
  totals.failed += 1;
  console.error(err);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(err));
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (interruptedBy) failures.push(`interrupted by ${interruptedBy}`);
process.stdout.write(`\nStage times:\n${timings.map((t) => `  ${t.name.padEnd(18)} ${t.seconds.toFixed(0).padStart(5)} s${t.passed === undefined ? '' : `   ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`}`).join('\n')}\n`);
if (failedTests.length) process.stdout.write(`\nFailed tests:\n${formatFailedTests(failedTests)}\n`);
process.stdout.write(`\n${failures.length ? `FAILED: ${failures.join(', ')}` : 'All stages passed'} in ${minutes} min\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
if (interruptedBy) process.exit(interruptedBy === 'SIGINT' ? 130 : 143);
process.exit(failures.length || totals.failed ? 1 : 0);
