#!/usr/bin/env node
// `npm test`: every test of the project. The stages:
//   typecheck     type-check the root and the web app
//   lint          ESLint and Prettier over the tree
//   embedded      unit and web tests, the embedded product's own tests (backup, crash, outbox replay),
//                 and the service tests on the embedded engines (PGlite, in-process bus, jobs) when
//                 the run has no `real` stage
//   real          the service tests on real PostgreSQL, Kafka and Redis (the media files on both
//                 storage adapters, S3 on a private S3Proxy), then the posts search's tests once
//                 more on the OpenSearch engine (decision 048) with a private OpenSearch
//   real-only     the tests that only make sense on real servers (one kills and restarts the broker)
//   distributed   the DISTRIBUTED product (one process per service): API tests and browser tests
//   embedded-api  the EMBEDDED product (one process): the same API tests
//   bench         `npm run bench`'s smoke run: every scenario once on small data, on its own
//                 distributed product (tests/bench/smoke.test.ts, decision 029)
// Each stage that uses the servers works in its own namespace (database, Kafka topic prefix, Redis
// key prefix: scripts/lib/stage-namespace.mjs), so stages never see each other's data and may run
// side by side: the plan (scripts/lib/test-stages.mjs) runs the stages that leave a core waiting
// next to each other (decision 027). What a stage needs (the web build, ffmpeg, the servers, the
// mail sink) is prepared on first need. It ends with a table of the steps' times and the line
// "tests: N passed, N failed, N skipped".
//
// Flags:
//   --only=<stage,...>     just those stages; --skip-browser; --skip-api (the distributed stage runs
//                          its browser tests only)
//   --one-at-a-time        the stages one after another, in the default order
//   --files=<filter,...>   file filters for every vitest run (`--only=distributed --files=browser/posts`)
//   --changed[=<ref>]      only the tests that what changed since <ref> (default: the working tree
//                          against HEAD) can affect: vitest's related files, lint on the changed files
//   --quick                the inner loop: typecheck, lint, and the unit, web and services projects
//                          on the embedded engines (no product started)
// KORA_TEST_LOG_LEVEL=info keeps the distributed processes' info logs (default warn) in .tmp/cluster-test/logs.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { buildWeb, ensureFfmpeg } from './lib/build.mjs';
import { changedFiles } from './lib/changed-files.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ROOT, mkdirp, pickPort, rmrf, run } from './lib/proc.mjs';
import { newRunId, openStageNamespace } from './lib/stage-namespace.mjs';
import { formatFailedTests } from './lib/test-report.mjs';
import { createTestRunner } from './lib/test-run.mjs';
import { STAGES, stagePlan } from './lib/test-stages.mjs';

const args = process.argv.slice(2);
const listArg = (name) =>
  args
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',')
    .filter(Boolean);
const quick = args.includes('--quick');
const only = listArg('only') ?? (quick ? ['typecheck', 'lint', 'embedded'] : undefined);
const skipBrowser = args.includes('--skip-browser');
const skipApi = args.includes('--skip-api');
const changedArg = args.find((a) => a === '--changed' || a.startsWith('--changed='));
const changedSince = changedArg?.includes('=') ? changedArg.slice('--changed='.length) : changedArg ? 'HEAD' : undefined;
const fileFilters = listArg('files') ?? [];
const plannedStages = only ?? STAGES;
const plan = stagePlan(plannedStages, { oneAtATime: args.includes('--one-at-a-time') });

const RESULTS = path.join(ROOT, '.tmp', 'test-results');
const started = Date.now();
const runId = newRunId();
const CORES = os.availableParallelism();

rmrf(RESULTS);
mkdirp(RESULTS);

/**
 * The environment every test process starts from: this process's as it was at the start. The
 * embedded product runs inside this process and takes its settings (secrets, SMTP_URL, MEDIA_DIR)
 * from process.env; a stage that runs beside or after it must not inherit them.
 */
const BASE_ENV = { ...process.env };

const changedArgs = changedSince ? [`--changed=${changedSince}`] : [];
const tests = createTestRunner({ root: ROOT, resultsDir: RESULTS, baseEnv: BASE_ENV, vitestArgs: [...fileFilters, ...changedArgs] });

/**
 * The files whose posts searches must answer alike on both engines (decision 048), run again in the
 * `real` stage with SEARCH_BACKEND=opensearch: those of them the --files filters name (vitest keeps
 * a file whose path contains a filter). Their own runner: its file list replaces the filters. The
 * OpenSearch adapter's own test runs there only.
 */
const SEARCH_ENGINE_FILES = [
  'services/posts/src/routes/search.test.ts',
  'services/posts/src/routes/search-hidden.test.ts',
  'services/posts/src/routes/blocks-mutes.test.ts',
  'services/posts/src/search/opensearch/candidates.test.ts',
].filter((file) => fileFilters.length === 0 || fileFilters.some((filter) => file.includes(filter)));
const searchEngineTests = createTestRunner({
  root: ROOT,
  resultsDir: RESULTS,
  baseEnv: BASE_ENV,
  vitestArgs: [...SEARCH_ENGINE_FILES, ...changedArgs],
});

/** Adds what `runner` counted to the run's own figures (the table and the last line read them). */
function absorb(runner) {
  for (const key of ['passed', 'failed', 'skipped']) tests.totals[key] += runner.totals[key];
  tests.failures.push(...runner.failures.splice(0));
  tests.failedTests.push(...runner.failedTests.splice(0));
  tests.timings.push(...runner.timings.splice(0));
}

function banner(text) {
  process.stdout.write(`\n=== ${text} (${((Date.now() - started) / 1000).toFixed(0)}s) ===\n`);
}

/** Runs `fn` once however many stages ask for it, and times it into the table. */
function once(name, fn) {
  let promise = null;
  return () => (promise ??= tests.timed(name, fn));
}

const secrets = { INTERNAL_SECRET: randomBytes(24).toString('base64url'), ACCESS_TOKEN_SECRET: randomBytes(24).toString('base64url') };
/** Cleanups, last first, in the `finally` at the end. */
const cleanups = [];

const webBuild = once('(web build)', () => buildWeb());
// The media workers' tests (and both products' video processing) run the real ffmpeg/ffprobe.
const ffmpeg = once('(ffmpeg)', () => ensureFfmpeg({ required: true }));
// The tests' saved PGlite cluster, made once before the services' workers start: on a fresh
// machine each of them would otherwise run initdb, all at once and beside the lint and the build.
const pgliteTemplate = once('(pglite template)', () =>
  run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'run', 'pglite-template.ts')], { env: process.env }),
);
// Both builds: the headless shell for most files, the full browser for notifications.
const chromium = once('(chromium)', () => Promise.all([ensureChromium(), ensureChromium({ full: true })]));
const servers = once('(servers start)', async () => {
  const { startServers, stopServers } = await import('./servers.mjs');
  const result = await startServers({ fresh: true, setEnv: false, quiet: true });
  cleanups.push(() => stopServers({ only: result.started, quiet: true }));
  return result.env;
});
// Posts search's second engine (decision 048): for the `real` stage's search tests and the bench's
// OpenSearch scenario only, so it is started apart from the other servers, on first need.
const openSearch = once('(opensearch start)', async () => {
  const { startServers, stopServers } = await import('./servers.mjs');
  const result = await startServers({ only: ['opensearch'], fresh: true, setEnv: false, quiet: true });
  cleanups.push(() => stopServers({ only: result.started, quiet: true }));
  return result.env.OPENSEARCH_URL;
});
// Media on object storage (decision 051): the `real` stage's media files run against both storage
// adapters, the S3 one on a private S3Proxy (its S3_* variables), started beside the stage's namespace.
const s3Proxy = once('(s3proxy start)', async () => {
  const { startServers, stopServers } = await import('./servers.mjs');
  const result = await startServers({ only: ['s3proxy'], fresh: true, setEnv: false, quiet: true });
  cleanups.push(() => stopServers({ only: result.started, quiet: true }));
  return result.env;
});
// The distributed stage's metrics test scrapes the product with a real Prometheus (decision 052).
const prometheus = once('(prometheus)', async () => (await import('./lib/prometheus.mjs')).ensurePrometheus());
// The products send real mail over SMTP to a local sink; tests read it through its HTTP API.
const mailSink = once('(mail sink)', async () => {
  const { startMailSink } = await import('./lib/mail-sink.mjs');
  const sink = await startMailSink();
  cleanups.push(() => sink.close());
  return sink;
});
// The distributed product sends Web Push to a local stand-in for the push services; browser tests read it.
const pushSink = once('(push sink)', async () => {
  const { startPushSink } = await import('./lib/push-sink.mjs');
  const sink = await startPushSink();
  cleanups.push(() => sink.close());
  return sink;
});
// The distributed product exports its spans to a local stand-in for a collector; a test reads them (decision 053).
const otlpSink = once('(otlp sink)', async () => {
  const { startOtlpSink } = await import('./lib/otlp-sink.mjs');
  const sink = await startOtlpSink();
  cleanups.push(() => sink.close());
  return sink;
});
const changed = changedSince ? changedFiles(ROOT, changedSince) : null;

/** The stage's own database, topic prefix and Redis prefix; removed when the stage ends. */
const namespaceFor = async (stage) => openStageNamespace(await servers(), stage, runId);

/** Environment of a product under test: many sign-ins per minute, uploads kept out of data/. */
function productEnv(mediaDir) {
  return {
    MEDIA_DIR: mediaDir,
    // Tests sign in and up far more often than one person would: lift the per-address and
    // per-account limits of the edge (the limits themselves are tested in the gateway's own tests).
    // A member's own calls keep a limit far above any one test member's; tests/api/member-limits
    // floods the low-limit gateway instead (LOW_LIMIT_GATEWAY).
    RATE_LIMIT_PER_MINUTE: '10000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE: '100000',
    ADDRESS_RATE_LIMIT_PER_MINUTE: '100000',
    SIGNUP_ADDRESSES_PER_HOUR: '100000',
    REPRESENTATIVE_RATE_LIMIT_PER_HOUR: '100000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
    // The mail sink listens on 127.0.0.1, and site-settings-effects points the admin's SMTP host at it.
    SITE_SMTP_ALLOW_LOCAL: 'true',
    // Deleted accounts are erased after 20 s (not 30 days), swept every second (decision 034).
    KORA_DELETION_GRACE_SECONDS: TEST_DELETION_GRACE_SECONDS,
    KORA_ERASURE_SWEEP_EVERY_MS: '1000',
    // The sign-in backoff waits 0.1 s, 0.2 s, … instead of 2 s, 4 s, … (the doubling itself is
    // tested against a clock in the auth service's tests).
    KORA_SIGN_IN_FIRST_WAIT_MS: '100',
  };
}

const TEST_DELETION_GRACE_SECONDS = '20';

/**
 * A second gateway in front of the same services whose per-member limit a flood reaches in a few
 * dozen calls (tests/api/member-limits.test.ts, through KORA_LOW_LIMIT_URL): the first gateway's
 * limit must stay above what any test member sends in a minute, and flooding past it took about
 * 10,000 calls.
 */
const LOW_LIMIT_GATEWAY = { 'gateway-low-limit': { RATE_LIMIT_PER_MINUTE: '50' } };

/**
 * The API tests against a running product: the files that change or read what every file shares
 * (site settings, a stopped service or broker, every table) one at a time with nothing beside them,
 * those that restart the broker first, then the others side by side (the `api-broker`, `api-alone`
 * and `api` projects, tests/run-alone.ts).
 */
async function apiTests(prefix, env, { live }) {
  await tests.vitest(`${prefix}-api-broker`, 'api-broker', { env, live });
  brokerRestarted();
  await tests.vitest(`${prefix}-api-alone`, 'api-alone', { env, live });
  await tests.vitest(`${prefix}-api`, 'api', { env, workers: CORES, live });
}

/**
 * One of the distributed stage's API files kills and restarts the shared Kafka broker
 * (tests/run-alone.ts): a stage beside it that uses the broker (real, bench) starts once it is
 * done. Resolved at once when no such stage runs beside it, or the distributed stage runs no API files.
 */
let brokerRestarted = () => {};
const brokerSettled = new Promise((resolve) => (brokerRestarted = resolve));
const besideDistributed = plan.some(
  (step) => step.flat().includes('distributed') && step.flat().some((stage) => stage === 'real' || stage === 'bench'),
);
if (!besideDistributed || skipApi) brokerRestarted();
const afterBrokerRestart = () => tests.timed('(until the broker restart is over)', () => brokerSettled);

// A second run lints only what changed since the first (the same cache as `npm run lint`).
const ESLINT_CACHE = ['--cache', '--cache-location', path.join(ROOT, '.cache', 'eslint') + path.sep];

const stages = {
  async typecheck({ live }) {
    // TypeScript 7, the native compiler: a fifth of 5.9's CPU for the same check (decision 038).
    const tsc = path.join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');
    // Two programs, side by side. Incremental: a second run re-checks only what changed (the
    // state is kept in .cache/tsc).
    const program = (project, name) => [
      tsc,
      '-p',
      project,
      '--incremental',
      '--tsBuildInfoFile',
      path.join(ROOT, '.cache', 'tsc', `${name}.tsbuildinfo`),
    ];
    await Promise.all([
      tests.run('typecheck', process.execPath, program('tsconfig.json', 'root'), { live }),
      tests.run('typecheck-web', process.execPath, program('web/tsconfig.json', 'web'), { live: false }),
    ]);
  },

  async lint({ live }) {
    const bin = (pkg, file) => path.join(ROOT, 'node_modules', pkg, 'bin', file);
    // With --changed, only the changed files (each tool skips what it ignores).
    const targets = changed ? changed.filter((f) => /\.(c|m)?[jt]sx?$/.test(f)) : ['.'];
    if (changed && targets.length === 0) return;
    await Promise.all([
      tests.run(
        'eslint',
        process.execPath,
        [bin('eslint', 'eslint.js'), ...ESLINT_CACHE, '--max-warnings=0', '--no-warn-ignored', ...targets],
        { live },
      ),
      tests.run(
        'prettier',
        process.execPath,
        [bin('prettier', 'prettier.cjs'), '--check', '--cache', '--log-level=warn', '--ignore-unknown', ...targets],
        {
          live: false,
        },
      ),
    ]);
  },

  async embedded({ live }) {
    await Promise.all([webBuild(), ffmpeg(), pgliteTemplate()]); // the web server's own tests need the build
    // The services project keeps the cores busy (PGlite, sharp); the others mostly wait (sockets,
    // child processes), so they run beside it, their output kept for their end.
    // A run with the `real` stage tests the services' files there, on the real servers, not here as
    // well: the embedded engines meet the same code through the embedded product's API tests and its
    // own tests (decision 027). The inner loop (--quick, --only=embedded) runs them here.
    const servicesHere = !plannedStages.includes('real');
    await Promise.all([
      servicesHere ? tests.vitest('embedded-services', 'services', { workers: CORES + 1, live }) : null,
      (async () => {
        await tests.vitest('embedded-unit', 'unit', { workers: CORES, live: false });
        await tests.vitest('embedded-web', 'web', { workers: CORES, live: false });
        if (!quick) await tests.vitest('embedded-product', 'product', { workers: CORES, live: false });
      })(),
    ]);
  },

  async real({ live }) {
    await Promise.all([ffmpeg(), afterBrokerRestart()]);
    const namespace = await namespaceFor('real');
    // Started beside the first run; the search files' second run waits for it.
    const searchEngine = SEARCH_ENGINE_FILES.length > 0 ? openSearch() : null;
    searchEngine?.catch(() => {}); // its failure is reported by the await below
    try {
      // Mostly waiting on the servers: twice as many files as cores.
      const env = { ...namespace.env, ...(await s3Proxy()), KORA_TEST_TARGET: 'real' };
      await tests.vitest('real', 'services', { env, workers: CORES * 2, live });
      if (searchEngine) {
        const openSearchEnv = { ...env, SEARCH_BACKEND: 'opensearch', OPENSEARCH_URL: await searchEngine };
        await searchEngineTests.vitest('real-opensearch', 'services', { env: openSearchEnv, workers: CORES, live });
        absorb(searchEngineTests);
      }
    } finally {
      await namespace.close();
    }
  },

  // The `real` project: one file at a time, with no other stage on the broker (it kills it).
  async 'real-only'({ live }) {
    const namespace = await namespaceFor('real-only');
    try {
      await tests.vitest('real-only', 'real', { env: { ...namespace.env, KORA_TEST_TARGET: 'real' }, live });
    } finally {
      await namespace.close();
    }
  },

  async distributed({ live }) {
    await Promise.all([webBuild(), ffmpeg(), skipApi ? null : prometheus()]);
    const sink = await mailSink();
    const push = await pushSink();
    const otlp = await otlpSink();
    const namespace = await namespaceFor('distributed');
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
      // Card payments: the sandbox checkout (the browser tests pay on it), turned on explicitly as
      // production needs; no Paystack key, whatever an earlier stage left in this process.
      const productServers = {
        ...namespace.env,
        ...productEnv(mediaDir),
        SMTP_URL: sink.smtpUrl,
        PAYMENTS_SANDBOX: 'on',
        PAYSTACK_SECRET_KEY: '',
        NOTIFICATIONS_PUSH_TEST_ORIGIN: push.origin,
        // Traced end to end, but only the traces a test starts itself (a sampled traceparent): the
        // rest of the suite's requests pass on unsampled trace context and export nothing.
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_TRACES_SAMPLER: 'parentbased_always_off',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      };
      // Two notifications instances: live delivery must reach every tab once, whichever holds it.
      cluster = await tests.timed('(distributed start)', () =>
        startCluster({
          port,
          servers: productServers,
          secrets,
          logDir,
          logLevel: process.env.KORA_TEST_LOG_LEVEL ?? 'warn',
          extraInstances: { notifications: 1 },
          extraGateways: LOW_LIMIT_GATEWAY,
        }),
      );
      control = await serveControl(cluster);
      const env = {
        ...secrets,
        ...namespace.env,
        KORA_BASE_URL: `http://127.0.0.1:${port}`,
        KORA_LOW_LIMIT_URL: cluster.gateways['gateway-low-limit'],
        KORA_CONTROL_URL: control.url,
        KORA_MAIL_SINK_URL: sink.apiUrl,
        KORA_PUSH_SINK_URL: push.origin,
        KORA_OTLP_SINK_URL: otlp.url,
        KORA_MODE: 'distributed',
        KORA_MEDIA_DIR: mediaDir,
        KORA_DELETION_GRACE_SECONDS: TEST_DELETION_GRACE_SECONDS,
        KORA_NOTIFICATIONS_URLS: [cluster.upstreams.notifications, cluster.upstreams['notifications-2']].join(','),
        KORA_METRICS_URLS: JSON.stringify(cluster.metrics),
      };
      if (!skipApi) await apiTests('distributed', env, { live });
      if (!skipBrowser) {
        await chromium();
        await tests.vitest('browser-alone', 'browser-alone', { env, live });
        await tests.vitest('browser', 'browser', { env, workers: CORES, live });
      }
    } finally {
      brokerRestarted();
      await control?.close();
      await cluster?.stop();
      await namespace.close();
      process.stdout.write(`(distributed logs: ${path.relative(ROOT, logDir)})\n`);
    }
  },

  async bench({ live }) {
    await Promise.all([webBuild(), ffmpeg(), afterBrokerRestart()]); // the web scenario renders the home page; the reels one transcodes
    // Its own namespace: the smoke run seeds members, posts, groups and reels no other stage expects.
    const namespace = await namespaceFor('bench');
    try {
      // The search-opensearch scenario measures posts search on OpenSearch (decision 048).
      await tests.vitest('bench', 'bench', { env: { ...namespace.env, OPENSEARCH_URL: await openSearch() }, live });
    } finally {
      await namespace.close();
    }
  },

  async 'embedded-api'({ live }) {
    await Promise.all([webBuild(), ffmpeg()]);
    const sink = await mailSink();
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
    // Its log lines go to a file, like the distributed product's: on stdout they came out at exit,
    // after the run's summary, and read like part of it.
    const logFile = path.join(dataDir, 'logs', 'embedded.log');
    const product = await tests.timed('(embedded start)', () =>
      startEmbedded({ port, host: '127.0.0.1', dataDir, logLevel: 'warn', logFile, extraGateways: LOW_LIMIT_GATEWAY }),
    );
    const control = await serveControl(product);
    try {
      await apiTests(
        'embedded',
        {
          ...secrets,
          KORA_BASE_URL: `http://127.0.0.1:${port}`,
          KORA_LOW_LIMIT_URL: product.gateways['gateway-low-limit'],
          KORA_CONTROL_URL: control.url,
          KORA_MAIL_SINK_URL: sink.apiUrl,
          KORA_MODE: 'embedded',
          KORA_FAKE_PAYSTACK_URL: paystack.url,
        },
        { live },
      );
    } finally {
      await control.close();
      await product.stop();
      for (const name of Object.keys(paystackEnv)) delete process.env[name];
      process.stdout.write(`(embedded logs: ${path.relative(ROOT, logFile)})\n`);
    }
  },
};

// Interrupted (Ctrl+C, a CI timeout): the running test processes are stopped, no further step
// starts, and each stage's own `finally` stops the products and servers it started.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    process.stdout.write(`\n${signal}: stopping; the processes and servers this run started are stopped next\n`);
    tests.interrupt(signal);
    searchEngineTests.interrupt(signal);
  });
}

/** One stage, timed into the table; a stage that throws fails the run but not its neighbours. */
async function runStage(name, live) {
  if (tests.interruptedBy) return;
  banner(`${name}${live ? '' : ' (beside, output at its end)'}`);
  const since = Date.now();
  try {
    await stages[name]({ live });
  } catch (err) {
    tests.failures.push(`${name}: ${err.message}`);
    tests.totals.failed += 1;
    console.error(err);
  }
  tests.timings.push({ name: `[${name}]`, seconds: (Date.now() - since) / 1000 });
}

process.stdout.write(`stages: ${plan.map((step) => step.map((lane) => lane.join(' → ')).join(' + ')).join(' ⇒ ')} (run ${runId})\n`);
if (changed) process.stdout.write(`changed since ${changedSince}: ${changed.length} files\n`);
try {
  // A step's lanes run side by side; the first lane's output is live, the others' kept for their end.
  for (const step of plan) {
    if (tests.interruptedBy) break;
    await Promise.all(
      step.map(async (lane, i) => {
        for (const stage of lane) await runStage(stage, i === 0);
      }),
    );
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(err));
}

const { totals, failures, failedTests, timings } = tests;
const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (tests.interruptedBy) failures.push(`interrupted by ${tests.interruptedBy}`);
const row = (t) =>
  `  ${t.name.padEnd(24)} ${t.seconds.toFixed(0).padStart(5)} s${t.passed === undefined ? '' : `   ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`}`;
process.stdout.write(`\nStep times (stages in brackets; steps of a stage beside each other overlap):\n${timings.map(row).join('\n')}\n`);
if (failedTests.length) process.stdout.write(`\nFailed tests:\n${formatFailedTests(failedTests)}\n`);
process.stdout.write(`\n${failures.length ? `FAILED: ${failures.join(', ')}` : 'All stages passed'} in ${minutes} min\n`);
process.stdout.write(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
if (tests.interruptedBy) process.exit(tests.interruptedBy === 'SIGINT' ? 130 : 143);
process.exit(failures.length || totals.failed ? 1 : 0);
