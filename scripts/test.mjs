#!/usr/bin/env node
// `npm test`: every test of the project, in the order that gives the quickest useful failure.
//  1. type-check (root and web)
//  2. build the web app (its server tests and both products need it); install ffmpeg if missing
//  3. unit + service tests on the embedded engines (PGlite, in-process bus and jobs)
//  4. start real PostgreSQL, Redis and Kafka (or use DATABASE_URL, REDIS_URL, KAFKA_BROKERS)
//  5. service tests again, against the real servers, plus real-only tests (Kafka restart)
//  6. DISTRIBUTED product (one process per service): API tests through the gateway + browser tests
//  7. EMBEDDED product (one process): the same API tests
//  8. stop what was started; print "N passed, N failed"
// Flags: --skip-browser, --only=<stage,...> (typecheck,embedded,real,distributed,embedded-api).
// KORA_TEST_LOG_LEVEL=info keeps the distributed processes' info logs (default warn) in .tmp/cluster-test/logs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ensureFfmpeg, ensureWebBuild } from './lib/build.mjs';
import { ROOT, ensureDebianPackage, mkdirp, pickPort, rmrf, which } from './lib/proc.mjs';
import { formatFailedTests, readReport } from './lib/test-report.mjs';

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const skipBrowser = args.includes('--skip-browser');
/** The test process now running, and the signal that interrupted the run (see the handlers below). */
let activeChild = null;
let interruptedBy = null;
// No stage starts once the run is interrupted.
const wants = (stage) => !interruptedBy && (!only || only.includes(stage));
const RESULTS = path.join(ROOT, '.tmp', 'test-results');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Every failed test of every stage, printed at the end next to the totals. */
const failedTests = [];
const started = Date.now();

rmrf(RESULTS);
mkdirp(RESULTS);

function banner(text) {
  process.stdout.write(`\n=== ${text} (${((Date.now() - started) / 1000).toFixed(0)}s) ===\n`);
}

// Asynchronous on purpose: the embedded product and the control endpoint live in this process and
// must keep serving while a test run is going on.
function run(name, cmd, cmdArgs, env = {}) {
  return new Promise((resolve) => {
    if (interruptedBy) {
      failures.push(`${name} (not run: ${interruptedBy})`);
      return resolve(false);
    }
    // Its own process group, so an interruption can stop its workers with it (see below).
    const child = spawn(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
    activeChild = child;
    child.on('exit', (code) => {
      activeChild = null;
      if (code !== 0) failures.push(name);
      resolve(code === 0);
    });
  });
}

async function vitest(name, projects, env = {}) {
  banner(`vitest: ${name}`);
  const output = path.join(RESULTS, `${name}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  await run(name, process.execPath, [
    path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...projectArgs,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
  ], env);
  const report = readReport(output, ROOT);
  if (report) {
    totals.passed += report.passed;
    totals.failed += report.failed;
    totals.skipped += report.skipped;
    failedTests.push(...report.failedTests.map((t) => ({ stage: name, ...t })));
  } else {
    totals.failed += 1; // the run crashed before reporting: count it as a failure
  }
}

const secrets = { INTERNAL_SECRET: randomBytes(24).toString('base64url'), ACCESS_TOKEN_SECRET: randomBytes(24).toString('base64url') };
let servers;
let stopServers;
let mailSink;
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

try {
  if (wants('typecheck')) {
    banner('type-check');
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    await run('typecheck', process.execPath, [tsc, '-p', 'tsconfig.json']);
    await run('typecheck-web', process.execPath, [tsc, '-p', 'web/tsconfig.json']);
  }

  // The web server's own tests and both products need the web build: make it first.
  if (wants('embedded') || wants('distributed') || wants('embedded-api')) {
    banner('build');
    ensureWebBuild();
  }

  // The media workers' tests (and both products' video processing) run the real ffmpeg/ffprobe.
  if (wants('embedded') || wants('real') || wants('distributed') || wants('embedded-api')) {
    await ensureFfmpeg({ required: true });
  }

  if (wants('embedded')) await vitest('embedded', ['unit', 'web', 'services']);


  if (wants('real') || wants('distributed')) {
    banner('real servers');
    const mod = await import('./servers.mjs');
    stopServers = mod.stopServers;
    servers = await mod.startServers({ fresh: true, setEnv: false });
  }

  if (wants('real')) await vitest('real', ['services', 'real'], { ...servers.env, KORA_TEST_TARGET: 'real' });

  const { serveControl } = await import('./run/control.mjs');
  // The products send real mail over SMTP to a local sink; tests read it through its HTTP API.
  const { startMailSink } = await import('./lib/mail-sink.mjs');
  mailSink = await startMailSink();
  process.env.SMTP_URL = mailSink.smtpUrl;

  if (wants('distributed')) {
    banner('distributed product');
    const { startCluster } = await import('./run/cluster.mjs');
    const port = await pickPort('test-gateway');
    const logDir = path.join(ROOT, '.tmp', 'cluster-test', 'logs');
    rmrf(logDir);
    // Uploads of test runs stay out of the developer's data folder.
    process.env.MEDIA_DIR = path.join(ROOT, '.tmp', 'cluster-test', 'media');
    // Tests sign in and up far more often than one person would: lift the per-IP limits of the
    // edge (the limits themselves are tested in the gateway's own tests).
    process.env.RATE_LIMIT_PER_MINUTE = '100000';
    process.env.AUTH_RATE_LIMIT_PER_MINUTE = '100000';
    // Two notifications instances: live delivery must reach every tab once, whichever holds it.
    const cluster = await startCluster({ port, servers: servers.env, secrets, logDir, logLevel: process.env.KORA_TEST_LOG_LEVEL ?? 'warn', extraInstances: { notifications: 1 } });
    const control = await serveControl(cluster);
    const env = {
      ...secrets,
      KORA_BASE_URL: `http://127.0.0.1:${port}`,
      KORA_CONTROL_URL: control.url,
      KORA_MAIL_SINK_URL: mailSink.apiUrl,
      KORA_MODE: 'distributed',
      KORA_NOTIFICATIONS_URLS: [cluster.upstreams.notifications, cluster.upstreams['notifications-2']].join(','),
      ...servers.env,
    };
    try {
      // One file at a time (the api project): the notifications outage test stops the broker.
      await vitest('distributed-api', ['api'], env);
      if (!skipBrowser) {
        await ensureDebianPackage({ pkg: 'chromium', what: 'Chromium (browser tests)', find: () => which('chromium') });
        await vitest('browser', ['browser'], env);
      }
    } finally {
      await control.close();
      await cluster.stop();
      process.stdout.write(`(distributed logs: ${path.relative(ROOT, logDir)})\n`);
    }
  }

  if (wants('embedded-api')) {
    banner('embedded product');
    const { register } = await import('tsx/esm/api');
    register();
    const { startEmbedded } = await import('./run/embedded.ts');
    const dataDir = path.join(ROOT, '.tmp', 'embedded-test');
    rmrf(dataDir);
    const port = await pickPort('test-embedded');
    Object.assign(process.env, secrets, { MEDIA_DIR: path.join(dataDir, 'media') });
    process.env.RATE_LIMIT_PER_MINUTE = '100000';
    process.env.AUTH_RATE_LIMIT_PER_MINUTE = '100000';
    const product = await startEmbedded({ port, host: '127.0.0.1', dataDir, logLevel: 'warn' });
    const control = await serveControl(product);
    try {
      await vitest('embedded-api', ['api'], {
        ...secrets,
        KORA_BASE_URL: `http://127.0.0.1:${port}`,
        KORA_CONTROL_URL: control.url,
        KORA_MAIL_SINK_URL: mailSink.apiUrl,
        KORA_MODE: 'embedded',
      });
    } finally {
      await control.close();
      await product.stop();
    }
  }
} catch (err) {
  failures.push(`harness: ${err.message}`);
  totals.failed += 1;
  console.error(err);
} finally {
  await mailSink?.close();
  if (stopServers && servers) await stopServers({ only: servers.started, quiet: true });
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (interruptedBy) failures.push(`interrupted by ${interruptedBy}`);
if (failedTests.length) process.stdout.write(`\nFailed tests:\n${formatFailedTests(failedTests)}\n`);
process.stdout.write(`\n${failures.length ? `FAILED: ${failures.join(', ')}` : 'All stages passed'} in ${minutes} min\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
if (interruptedBy) process.exit(interruptedBy === 'SIGINT' ? 130 : 143);
process.exit(failures.length || totals.failed ? 1 : 0);
