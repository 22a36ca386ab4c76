// Private single-node OpenSearch 2.19.6 for the posts search's OpenSearch engine (decision 048):
// .tmp/servers/opensearch/  (config/, data/, logs/, tmp/, state.json, opensearch.pid)
//
// It runs from the minimal distribution Maven Central publishes (org.opensearch.distribution.
// integ-test-zip, 56 MB, no bundled JDK, no plugins: security is off), fetched once into
// .cache/opensearch-<version>/ and checked by its SHA-1, with the machine's Java 17: no Docker.
// One node, loopback only, a small heap, its own config directory (the distribution's stays
// untouched). OpenSearch refuses to run as root: as root it runs as the `opensearch` OS user.
// The lifecycle (env var OPENSEARCH_URL, reuse, install, stop) is local-server.mjs's.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { defineLocalServer } from './local-server.mjs';
import {
  ROOT,
  SERVERS_DIR,
  cleanEnv,
  ensureSystemUser,
  elapsed,
  isRoot,
  letOthersTraverse,
  log,
  mkdirp,
  pickPort,
  pidAlive,
  readPidFile,
  rmrf,
  run,
  sleep,
  spawnDetached,
  systemUserIds,
  tailFile,
  terminate,
  which,
  withLock,
  writeJson,
} from './proc.mjs';
import { ensureDebianPackage, ensureJava } from './apt.mjs';
import { mavenRepositoryUrl } from './maven-jars.mjs';

export const OPENSEARCH_VERSION = '2.19.6';
const ZIP_PATH = `org/opensearch/distribution/integ-test-zip/opensearch/${OPENSEARCH_VERSION}/opensearch-${OPENSEARCH_VERSION}.zip`;
const ZIP_SHA1 = '8e071b0fee7911b226f68bdead8946002e6b6e36';
export const OPENSEARCH_HOME = path.join(ROOT, '.cache', `opensearch-${OPENSEARCH_VERSION}`);

const DIR = path.join(SERVERS_DIR, 'opensearch');
const STATE_FILE = path.join(DIR, 'state.json');
const PID_FILE = path.join(DIR, 'opensearch.pid');
const CONFIG_DIR = path.join(DIR, 'config');
const DATA_DIR = path.join(DIR, 'data');
const LOG_DIR = path.join(DIR, 'logs');
const TMP_DIR = path.join(DIR, 'tmp');
const OUT_LOG = path.join(LOG_DIR, 'opensearch.out');
const SERVER_LOG = path.join(LOG_DIR, 'kora-test.log');
// The launcher script's path and then the JVM's main class both hold it.
const PROCESS_MATCH = 'opensearch';
const SERVER_USER = 'opensearch';

const JVM_OPTIONS = [
  '-Xms512m',
  '-Xmx512m',
  '-XX:+UseG1GC',
  '-XX:+ExitOnOutOfMemoryError',
  '-Djava.io.tmpdir=${OPENSEARCH_TMPDIR}',
  '-Djava.util.concurrent.ForkJoinPool.common.threadFactory=org.opensearch.secure_sm.SecuredForkJoinWorkerThreadFactory',
];

/**
 * Makes sure .cache/opensearch-<version>/ (git-ignored, kept between runs) holds the distribution:
 * downloaded from Maven Central (or MAVEN_REPOSITORY_URL), its SHA-1 checked, unpacked into a
 * temporary folder renamed into place, so an interrupted fetch never leaves half a distribution.
 */
export function ensureOpenSearchDistribution() {
  const launcher = path.join(OPENSEARCH_HOME, 'bin', 'opensearch');
  if (fs.existsSync(launcher)) return Promise.resolve(OPENSEARCH_HOME);
  return withLock(async () => {
    if (fs.existsSync(launcher)) return OPENSEARCH_HOME;
    const unzip = await ensureDebianPackage({ pkg: 'unzip', what: 'unzip', find: () => which('unzip') });
    const since = Date.now();
    const tmp = `${OPENSEARCH_HOME}.tmp-${process.pid}`;
    rmrf(tmp);
    mkdirp(tmp);
    try {
      const url = `${mavenRepositoryUrl()}/${ZIP_PATH}`;
      log(`opensearch: fetching ${url}`);
      const res = await fetch(url, { signal: AbortSignal.timeout(10 * 60_000) });
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      const sha1 = crypto.createHash('sha1').update(bytes).digest('hex');
      if (sha1 !== ZIP_SHA1) throw new Error(`${url}: SHA-1 ${sha1}, expected ${ZIP_SHA1}`);
      const zip = path.join(tmp, 'opensearch.zip');
      fs.writeFileSync(zip, bytes);
      await run(unzip, ['-q', zip, '-d', tmp]);
      rmrf(OPENSEARCH_HOME);
      fs.renameSync(path.join(tmp, `opensearch-${OPENSEARCH_VERSION}`), OPENSEARCH_HOME);
      log(`opensearch: ${(bytes.length / 1e6).toFixed(1)} MB unpacked into ${path.relative(ROOT, OPENSEARCH_HOME)}/ (${elapsed(since)})`);
    } finally {
      rmrf(tmp);
    }
    return OPENSEARCH_HOME;
  });
}

/** OS user that runs the server: ourselves, or `opensearch` when we are root (created if missing). */
async function serverUser() {
  if (!isRoot()) return null;
  await ensureSystemUser(SERVER_USER, '/usr/sbin/nologin');
  return systemUserIds(SERVER_USER);
}

function chownTree(target, user) {
  fs.chownSync(target, user.uid, user.gid);
  if (!fs.statSync(target).isDirectory()) return;
  for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), user);
}

function writeConfig(state) {
  mkdirp(CONFIG_DIR);
  const settings = {
    'cluster.name': 'kora-test',
    'node.name': 'kora-test',
    'discovery.type': 'single-node',
    'network.host': '127.0.0.1',
    'http.port': state.port,
    'transport.port': state.transportPort,
    'path.data': DATA_DIR,
    'path.logs': LOG_DIR,
    // A test machine's disk may be nearly full: OpenSearch would make every index read-only.
    'cluster.routing.allocation.disk.threshold_enabled': false,
  };
  fs.writeFileSync(
    path.join(CONFIG_DIR, 'opensearch.yml'),
    `# Generated by scripts/lib/opensearch.mjs — test-only single node\n${Object.entries(settings)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n')}\n`,
  );
  fs.writeFileSync(path.join(CONFIG_DIR, 'jvm.options'), `${JVM_OPTIONS.join('\n')}\n`);
  fs.copyFileSync(path.join(OPENSEARCH_HOME, 'config', 'log4j2.properties'), path.join(CONFIG_DIR, 'log4j2.properties'));
}

async function answers(state) {
  try {
    const res = await fetch(`${state.url}/_cluster/health?wait_for_status=yellow&timeout=1s`, { signal: AbortSignal.timeout(3_000) });
    return res.ok;
  } catch {
    return false;
  }
}

function logTail() {
  const parts = [];
  for (const file of [SERVER_LOG, OUT_LOG]) {
    const tail = tailFile(file, 30);
    if (tail) parts.push(`--- last lines of ${file} ---\n${tail}`);
  }
  return parts.length ? `\n${parts.join('\n')}` : '';
}

/** fresh: wipe the data; else keep it (and the ports, when free). */
async function launch({ tools: java, previous, fresh, timeoutMs }) {
  const user = await serverUser();
  if (fresh) rmrf(DATA_DIR);
  rmrf(LOG_DIR);
  rmrf(TMP_DIR);
  for (const dir of [DIR, DATA_DIR, LOG_DIR, TMP_DIR]) mkdirp(dir);
  const port = await pickPort('opensearch', [previous?.port]);
  const transportPort = await pickPort('opensearch-transport', [previous?.transportPort]);
  const state = { port, transportPort, url: `http://127.0.0.1:${port}` };
  writeConfig(state);
  writeJson(STATE_FILE, state);
  if (user) {
    // Let the server user reach its folders, and own them.
    letOthersTraverse([path.join(ROOT, '.tmp'), SERVERS_DIR, path.join(ROOT, '.cache')]);
    for (const dir of [CONFIG_DIR, DATA_DIR, LOG_DIR, TMP_DIR]) chownTree(dir, user);
  }
  const launcher = path.join(OPENSEARCH_HOME, 'bin', 'opensearch');
  const env = cleanEnv({
    OPENSEARCH_JAVA_HOME: path.dirname(path.dirname(fs.realpathSync(java))),
    OPENSEARCH_PATH_CONF: CONFIG_DIR,
    OPENSEARCH_TMPDIR: TMP_DIR,
  });
  // setpriv execs (no parent left behind), so the pid is the launcher's and then the JVM's.
  const [file, args] = user ? ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', launcher]] : [launcher, []];
  const pid = spawnDetached(file, args, { cwd: LOG_DIR, env, outLog: OUT_LOG, pidFile: PID_FILE, name: 'opensearch', logTail });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!pidAlive(pid, PROCESS_MATCH)) throw new Error(`OpenSearch (pid ${pid}) exited during startup${logTail()}`);
    if (await answers(state)) break;
    if (Date.now() > deadline) {
      await terminate(pid, { signal: 'SIGKILL', timeoutMs: 5000, match: PROCESS_MATCH });
      throw new Error(`OpenSearch not ready within ${timeoutMs / 1000}s${logTail()}`);
    }
    await sleep(250);
  }
  return { state, pid };
}

const opensearch = defineLocalServer({
  name: 'opensearch',
  env: 'OPENSEARCH_URL',
  stateFile: STATE_FILE,
  pid: () => readPidFile(PID_FILE),
  match: PROCESS_MATCH,
  logFile: () => SERVER_LOG,
  answers,
  async install() {
    const java = await ensureJava();
    await ensureOpenSearchDistribution();
    return java;
  },
  launch,
  async shutdown({ pid, timeoutMs, signal = 'SIGTERM' }) {
    await terminate(pid, { signal, timeoutMs, match: PROCESS_MATCH, name: 'opensearch' });
    rmrf(PID_FILE);
  },
  startTimeoutMs: 120_000,
  stopTimeoutMs: 30_000,
  freshByDefault: true,
});

export const openSearchServer = opensearch;
export const openSearchStatus = opensearch.status;
export const startOpenSearch = opensearch.start;
export const stopOpenSearch = opensearch.stop;
