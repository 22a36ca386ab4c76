// Private single-node Kafka 3.9.1 (KRaft, combined broker+controller) for tests:
// .tmp/servers/kafka/  (server.properties, log4j.properties, state.json, kafka.pid, data/, logs/,
//                       tls/: a self-signed certificate, made once and kept)
//
// Clients get the PLAINTEXT listener (KAFKA_BROKERS). Two more take what managed clusters ask for,
// for the tests of the clients' TLS and SASL (decision 028): SASL_PLAINTEXT and SASL_SSL, each with
// one PLAIN and two SCRAM users (SHA-256, SHA-512); kafkaAuthListeners() tells their addresses,
// users and the certificate to trust.
//
// The broker runs straight from Maven Central jars (scripts/kafka/pom.xml → .cache/kafka-jars/)
// with plain `java`: no Docker, no Kafka distribution. It can be stopped and started again in the
// middle of a test (stopKafka()/startKafka()): same ports, same data dir, storage not reformatted.
// The lifecycle (env var, reuse, install, stop) is local-server.mjs's; this file says how Kafka runs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineLocalServer } from './local-server.mjs';
import {
  ROOT,
  SERVERS_DIR,
  cleanEnv,
  elapsed,
  isPortFree,
  log,
  mkdirp,
  pickPort,
  pidAlive,
  readPidFile,
  rmrf,
  run,
  sleep,
  spawnDetached,
  tailFile,
  terminate,
  terminateAndForget,
  warn,
  waitForPort,
  which,
  withLock,
  writeJson,
} from './proc.mjs';
import { ensureDebianPackage, ensureJava } from './apt.mjs';
import { fetchLockedJars, mavenRepositoryUrl } from './maven-jars.mjs';

export const KAFKA_VERSION = '3.9.1';
export const KAFKA_JARS_DIR = path.join(ROOT, '.cache', 'kafka-jars');
const POM = path.join(ROOT, 'scripts', 'kafka', 'pom.xml');
const JARS_LOCK = path.join(ROOT, 'scripts', 'kafka', 'jars.lock');

const DIR = path.join(SERVERS_DIR, 'kafka');
const STATE_FILE = path.join(DIR, 'state.json');
const PID_FILE = path.join(DIR, 'kafka.pid');
const PROPS_FILE = path.join(DIR, 'server.properties');
const LOG4J_FILE = path.join(DIR, 'log4j.properties');
const DATA_DIR = path.join(DIR, 'data');
const LOG_DIR = path.join(DIR, 'logs');
const SERVER_LOG = path.join(LOG_DIR, 'server.log'); // log4j output
const OUT_LOG = path.join(LOG_DIR, 'kafka.out'); // JVM stdout/stderr (normally empty)
const PROCESS_MATCH = 'kafka.Kafka';
const TLS_DIR = path.join(DIR, 'tls');
const KEYSTORE_FILE = path.join(TLS_DIR, 'server.p12');
const CERTIFICATE_FILE = path.join(TLS_DIR, 'server.pem');
// Guards only a throw-away certificate of a loopback test broker.
const KEYSTORE_PASSWORD = 'kora-test-broker';

/** The users of the SASL listeners, by mechanism (kafkajs' names); passwords are drawn per format. */
const SASL_USERS = { plain: 'kora-plain', 'scram-sha-256': 'kora-scram-256', 'scram-sha-512': 'kora-scram-512' };
const KAFKA_MECHANISM = { plain: 'PLAIN', 'scram-sha-256': 'SCRAM-SHA-256', 'scram-sha-512': 'SCRAM-SHA-512' };

const JVM_OPTS = [
  '-Xms256m',
  '-Xmx512m',
  '-XX:+UseSerialGC',
  '-XX:+ExitOnOutOfMemoryError',
  // The quick compiler only: a test broker's load is light, and the optimising one's compiling was
  // a third of its CPU (decision 027).
  '-XX:TieredStopAtLevel=1',
  '-Djava.awt.headless=true',
  `-Dlog4j.configuration=file:${LOG4J_FILE}`,
  `-Dkafka.logs.dir=${LOG_DIR}`,
];

// ---------------------------------------------------------------------------------------------
// Jars
// ---------------------------------------------------------------------------------------------

function jarsComplete(dir) {
  return (
    [`kafka_2.13-${KAFKA_VERSION}.jar`, `kafka-clients-${KAFKA_VERSION}.jar`, `kafka-server-${KAFKA_VERSION}.jar`].every((jar) =>
      fs.existsSync(path.join(dir, jar)),
    ) && fs.readdirSync(dir).some((file) => file.startsWith('reload4j-'))
  );
}

/**
 * Makes sure .cache/kafka-jars/ (git-ignored, kept between runs) holds the broker's jars. They are
 * fetched straight from Maven Central by the lock file scripts/kafka/jars.lock (in parallel, each
 * checked by SHA-1); if that fails (a mirror-only network, say) Maven resolves scripts/kafka/pom.xml
 * instead, using the machine's own Maven settings. Either way the jars land in a temporary folder
 * renamed into place, so an interrupted fetch never leaves a half-filled folder. Resolves the path.
 */
export function ensureKafkaJars() {
  if (fs.existsSync(KAFKA_JARS_DIR) && jarsComplete(KAFKA_JARS_DIR)) return Promise.resolve(KAFKA_JARS_DIR);
  return withLock(async () => {
    if (fs.existsSync(KAFKA_JARS_DIR) && jarsComplete(KAFKA_JARS_DIR)) return KAFKA_JARS_DIR;
    const since = Date.now();
    const tmp = `${KAFKA_JARS_DIR}.tmp-${process.pid}`;
    rmrf(tmp);
    try {
      log(`kafka: fetching Kafka ${KAFKA_VERSION} jars from ${mavenRepositoryUrl()} into ${path.relative(ROOT, KAFKA_JARS_DIR)}/`);
      const bytes = await fetchLockedJars(JARS_LOCK, tmp);
      log(`kafka: ${fs.readdirSync(tmp).length} jars, ${(bytes / 1e6).toFixed(1)} MB (${elapsed(since)})`);
    } catch (err) {
      warn(`kafka: ${err.message}\nkafka: trying Maven instead`);
      rmrf(tmp);
      await fetchJarsWithMaven(tmp);
      log(`kafka: ${fs.readdirSync(tmp).length} jars fetched with Maven (${elapsed(since)})`);
    }
    if (!jarsComplete(tmp)) {
      rmrf(tmp);
      throw new Error(`the Kafka jars were fetched but ${path.relative(ROOT, tmp)} lacks some of them`);
    }
    rmrf(KAFKA_JARS_DIR);
    fs.renameSync(tmp, KAFKA_JARS_DIR);
    return KAFKA_JARS_DIR;
  });
}

async function fetchJarsWithMaven(dir) {
  await ensureJava();
  const mvn = await ensureDebianPackage({ pkg: 'maven', what: 'Maven (mvn)', find: () => which('mvn') });
  await run(mvn, ['-q', '-B', '-f', POM, 'dependency:copy-dependencies', `-DoutputDirectory=${dir}`, '-DincludeScope=runtime'], {
    timeoutMs: 15 * 60 * 1000,
  });
}

// ---------------------------------------------------------------------------------------------
// Config
// ---------------------------------------------------------------------------------------------

/** Broker properties of the SASL_PLAINTEXT listener `SASL` and, with a keystore, the SASL_SSL one `SASL_TLS`. */
function authListenerProps({ saslPort, tlsPort, sasl }) {
  const names = tlsPort ? ['sasl', 'sasl_tls'] : ['sasl'];
  const props = {
    'sasl.enabled.mechanisms': Object.values(KAFKA_MECHANISM).join(','),
  };
  for (const name of names) {
    const plain = sasl.plain;
    props[`listener.name.${name}.plain.sasl.jaas.config`] =
      `org.apache.kafka.common.security.plain.PlainLoginModule required user_${plain.username}="${plain.password}";`;
    // SCRAM users live in the cluster metadata (kafka-storage format --add-scram).
    for (const mechanism of ['scram-sha-256', 'scram-sha-512']) {
      props[`listener.name.${name}.${mechanism}.sasl.jaas.config`] = 'org.apache.kafka.common.security.scram.ScramLoginModule required;';
    }
  }
  if (tlsPort) {
    Object.assign(props, {
      'ssl.keystore.type': 'PKCS12',
      'ssl.keystore.location': KEYSTORE_FILE,
      'ssl.keystore.password': KEYSTORE_PASSWORD,
      'ssl.key.password': KEYSTORE_PASSWORD,
    });
  }
  const listeners = [`SASL://127.0.0.1:${saslPort}`, ...(tlsPort ? [`SASL_TLS://127.0.0.1:${tlsPort}`] : [])];
  const protocols = ['SASL:SASL_PLAINTEXT', ...(tlsPort ? ['SASL_TLS:SASL_SSL'] : [])];
  return { listeners, protocols, props };
}

function writeConfig(state) {
  const { port, controllerPort } = state;
  const auth = authListenerProps(state);
  const props = {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    listeners: [`PLAINTEXT://127.0.0.1:${port}`, `CONTROLLER://127.0.0.1:${controllerPort}`, ...auth.listeners].join(','),
    'advertised.listeners': [`PLAINTEXT://127.0.0.1:${port}`, ...auth.listeners].join(','),
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': ['CONTROLLER:PLAINTEXT', 'PLAINTEXT:PLAINTEXT', ...auth.protocols].join(','),
    ...auth.props,
    'log.dirs': DATA_DIR,
    'num.partitions': 3,
    'default.replication.factor': 1,
    'min.insync.replicas': 1,
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 10, // default 50: slower first consumer-group join
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 10,
    'auto.create.topics.enable': false, // our code creates its topics
    'group.initial.rebalance.delay.ms': 0,
    'num.network.threads': 2,
    'num.io.threads': 4,
    'num.recovery.threads.per.data.dir': 1,
    'log.cleaner.dedupe.buffer.size': 16 * 1024 * 1024, // default 128 MB, too much for a 512 MB heap
    // After a crash (SIGKILL) the restarted broker cannot register until its old session expires:
    // 4 s instead of 9 s (same 4:1 ratio to the heartbeat as the defaults).
    'broker.heartbeat.interval.ms': 1000,
    'broker.session.timeout.ms': 4000,
  };
  fs.writeFileSync(
    PROPS_FILE,
    `# Generated by scripts/lib/kafka.mjs — test-only single-node KRaft broker\n${Object.entries(props)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
  );
  fs.writeFileSync(
    LOG4J_FILE,
    [
      'log4j.rootLogger=INFO, file',
      'log4j.appender.file=org.apache.log4j.FileAppender',
      `log4j.appender.file.File=${SERVER_LOG}`,
      'log4j.appender.file.Append=true',
      'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
      'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
      'log4j.logger.kafka.request.logger=WARN',
      'log4j.logger.state.change.logger=WARN',
      'log4j.logger.kafka.log.LogCleaner=WARN',
      'log4j.logger.org.apache.kafka.controller=WARN',
      '',
    ].join('\n'),
  );
}

/**
 * 16 random bytes, base64url without padding (22 chars), as `kafka-storage random-uuid`. Like
 * Kafka's own Uuid.randomUuid, never one starting with '-': the storage tool would read it as an
 * option (1 start in 64 failed with "argument --cluster-id/-t: expected one argument").
 */
export function newClusterId(random = () => crypto.randomBytes(16)) {
  for (;;) {
    const id = random().toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function javaArgs(mainClass, ...args) {
  return [...JVM_OPTS, '-cp', path.join(KAFKA_JARS_DIR, '*'), mainClass, ...args];
}

/** `--add-scram` arguments of kafka-storage format: the SCRAM users, written into the new cluster's metadata. */
function scramFormatArgs(sasl) {
  return ['scram-sha-256', 'scram-sha-512'].flatMap((mechanism) => [
    '--add-scram',
    `${KAFKA_MECHANISM[mechanism]}=[name=${sasl[mechanism].username},password=${sasl[mechanism].password}]`,
  ]);
}

function newSaslUsers() {
  return Object.fromEntries(
    Object.entries(SASL_USERS).map(([mechanism, username]) => [mechanism, { username, password: crypto.randomBytes(12).toString('hex') }]),
  );
}

/** The JDK's keytool beside `java` (Debian's JRE ships it), or null. */
function keytoolBeside(java) {
  const keytool = path.join(path.dirname(fs.realpathSync(java)), 'keytool');
  return fs.existsSync(keytool) ? keytool : null;
}

/**
 * The SASL_SSL listener's keystore: a self-signed certificate for 127.0.0.1, and the same
 * certificate in PEM for clients to trust. Made once (tls/ survives fresh starts), so only a
 * worktree's first broker start pays for the two keytool runs, and that beside the storage format.
 */
async function ensureKeystore(keytool) {
  if (fs.existsSync(KEYSTORE_FILE) && fs.existsSync(CERTIFICATE_FILE)) return;
  const tmp = `${TLS_DIR}.tmp-${process.pid}`;
  rmrf(tmp);
  mkdirp(tmp);
  const store = ['-keystore', path.join(tmp, 'server.p12'), '-storetype', 'PKCS12', '-storepass', KEYSTORE_PASSWORD];
  const small = ['-J-Xmx64m', '-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1'];
  const keys = ['-keyalg', 'EC', '-groupname', 'secp256r1', '-validity', '3650', '-keypass', KEYSTORE_PASSWORD];
  const subject = ['-dname', 'CN=localhost', '-ext', 'SAN=ip:127.0.0.1,dns:localhost'];
  await run(keytool, [...small, '-genkeypair', '-alias', 'kafka', ...keys, ...subject, ...store, '-noprompt']);
  await run(keytool, [...small, '-exportcert', '-rfc', '-alias', 'kafka', ...store, '-file', path.join(tmp, 'server.pem')]);
  rmrf(TLS_DIR);
  fs.renameSync(tmp, TLS_DIR);
}

// ---------------------------------------------------------------------------------------------
// Readiness
// ---------------------------------------------------------------------------------------------

let kafkajsModule;
async function loadKafkajs() {
  if (kafkajsModule === undefined) {
    try {
      const mod = await import('kafkajs');
      kafkajsModule = mod.default ?? mod;
    } catch {
      kafkajsModule = null; // not installed (npm ci not run yet): fall back to the broker's log
    }
  }
  return kafkajsModule;
}

/** One readiness probe: metadata answers (listTopics, describeCluster) and the controller accepts a validate-only CreateTopics. */
async function probeBroker(broker) {
  const kafkajs = await loadKafkajs();
  if (!kafkajs) return tailFile(SERVER_LOG, 400).includes('Kafka Server started');
  const { Kafka, logLevel } = kafkajs;
  const kafka = new Kafka({
    clientId: 'kora-servers-probe',
    brokers: [broker],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    requestTimeout: 5000,
    retry: { retries: 0 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    await admin.listTopics();
    await admin.createTopics({
      validateOnly: true,
      waitForLeaders: false,
      topics: [{ topic: 'kora-servers-readiness-probe', numPartitions: 1, replicationFactor: 1 }],
    });
    return cluster.brokers.length > 0;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/**
 * Best effort, after a fresh start: a FindCoordinator request makes the broker create
 * __consumer_offsets now, so the first consumer group of the tests does not wait for it.
 */
async function warmUpGroupCoordinator(broker) {
  const kafkajs = await loadKafkajs();
  if (!kafkajs) return;
  const { Kafka, logLevel } = kafkajs;
  const admin = new Kafka({
    clientId: 'kora-servers-warmup',
    brokers: [broker],
    logLevel: logLevel.NOTHING,
    retry: { retries: 8, initialRetryTime: 100, maxRetryTime: 1000 },
  }).admin();
  try {
    await admin.connect();
    await admin.describeGroups(['kora-servers-warmup']);
  } catch {
    // not essential
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

function brokerLogTail() {
  const parts = [];
  const server = tailFile(SERVER_LOG, 50);
  if (server) parts.push(`--- last lines of ${SERVER_LOG} ---\n${server}`);
  const out = tailFile(OUT_LOG, 20);
  if (out) parts.push(`--- ${OUT_LOG} ---\n${out}`);
  return parts.length ? `\n${parts.join('\n')}` : '';
}

async function waitUntilReady(pid, { port, broker }, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const assertAlive = () => {
    if (!pidAlive(pid, PROCESS_MATCH)) throw new Error(`Kafka broker (pid ${pid}) exited during startup`);
  };
  await waitForPort(port, { timeoutMs, check: assertAlive });
  for (;;) {
    assertAlive();
    if (await probeBroker(broker)) return;
    if (Date.now() > deadline) throw new Error(`Kafka broker not ready within ${timeoutMs / 1000}s`);
    await sleep(200);
  }
}

// ---------------------------------------------------------------------------------------------
// Start / stop / status
// ---------------------------------------------------------------------------------------------

/**
 * fresh=false: keep the data dir, cluster id and ports of the previous run when the storage is
 *   formatted — the restart tests use after stopKafka().
 * fresh=true: wipe data, pick ports (the previous ones if free) and format the storage again.
 */
async function launch({ tools: java, previous, fresh, timeoutMs }) {
  mkdirp(DIR);
  mkdirp(LOG_DIR);

  const formatted = fs.existsSync(path.join(DATA_DIR, 'meta.properties'));
  // A state without the SASL listener is a broker from before it existed: formatted again.
  const reuse = !fresh && formatted && previous?.clusterId && previous.port && previous.controllerPort && previous.saslPort;
  const keytool = keytoolBeside(java);
  let state;
  if (reuse) {
    if (previous.tlsPort && keytool) await ensureKeystore(keytool);
    // Restart: the very same ports (clients and the quorum keep them); wait for the old sockets to go.
    for (const port of [previous.port, previous.controllerPort, previous.saslPort, previous.tlsPort].filter(Boolean)) {
      const portDeadline = Date.now() + 15000;
      while (!(await isPortFree(port))) {
        if (Date.now() > portDeadline) throw new Error(`kafka: port ${port} is still in use; cannot restart on it`);
        await sleep(200);
      }
    }
    state = previous;
    writeConfig(state);
  } else {
    rmrf(DATA_DIR);
    rmrf(LOG_DIR);
    mkdirp(LOG_DIR);
    const port = await pickPort('kafka', [previous?.port]);
    const controllerPort = await pickPort('kafka-controller', [previous?.controllerPort]);
    const saslPort = await pickPort('kafka-sasl', [previous?.saslPort]);
    // Without keytool (a JRE that lacks it) the broker runs without its SASL_SSL listener.
    const tlsPort = keytool ? await pickPort('kafka-sasl-tls', [previous?.tlsPort]) : null;
    state = { port, controllerPort, saslPort, tlsPort, clusterId: newClusterId(), broker: `127.0.0.1:${port}`, sasl: newSaslUsers() };
    writeConfig(state);
    await Promise.all([
      run(java, javaArgs('kafka.tools.StorageTool', 'format', '-t', state.clusterId, '-c', PROPS_FILE, ...scramFormatArgs(state.sasl)), {
        cwd: DIR,
      }),
      tlsPort ? ensureKeystore(keytool) : null,
    ]);
  }
  writeJson(STATE_FILE, state);

  const pid = spawnDetached(java, javaArgs('kafka.Kafka', PROPS_FILE), {
    cwd: DIR,
    env: cleanEnv(),
    outLog: OUT_LOG,
    pidFile: PID_FILE,
    name: 'kafka',
    logTail: brokerLogTail,
  });

  try {
    await waitUntilReady(pid, state, timeoutMs);
  } catch (err) {
    const message = `${err.message}${brokerLogTail()}`;
    await terminate(pid, { signal: 'SIGKILL', timeoutMs: 5000, match: PROCESS_MATCH });
    throw new Error(message);
  }
  if (!reuse) await warmUpGroupCoordinator(state.broker);
  return { state, pid, restarted: Boolean(reuse) };
}

const kafka = defineLocalServer({
  name: 'kafka',
  env: 'KAFKA_BROKERS',
  stateFile: STATE_FILE,
  url: (state) => state.broker,
  pid: () => readPidFile(PID_FILE),
  match: PROCESS_MATCH,
  logFile: () => SERVER_LOG,
  // A broker started before the SASL listener existed is started again, with it.
  answers: (state) => Boolean(state.saslPort) && probeBroker(state.broker),
  async install() {
    const java = await ensureJava();
    await ensureKafkaJars();
    return java;
  },
  launch,
  // SIGTERM = controlled shutdown; SIGKILL simulates a crash.
  shutdown: terminateAndForget({ pidFile: PID_FILE, match: PROCESS_MATCH, name: 'kafka' }),
  startTimeoutMs: 90000,
  stopTimeoutMs: 60000,
  freshByDefault: false,
});

export const kafkaServer = kafka;
export const kafkaStatus = kafka.status;

/** Starts (or reuses) the private broker; fresh=false (default) is the restart of the same broker. */
export const startKafka = kafka.start;

/**
 * The running private broker's SASL listeners: `sasl` (SASL_PLAINTEXT) and `tls` (SASL_SSL, null
 * without keytool), each `{ broker, users }` with users by kafkajs mechanism name
 * (`{ plain: { username, password }, 'scram-sha-256': …, 'scram-sha-512': … }`), and `caFile`, the
 * PEM certificate to trust for `tls`. Null when KAFKA_BROKERS names another broker or ours is not running.
 */
export function kafkaAuthListeners() {
  const status = kafka.status();
  if (status.status !== 'running') return null;
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  if (!state.saslPort) return null;
  const listener = (port) => ({ broker: `127.0.0.1:${port}`, users: state.sasl });
  return {
    sasl: listener(state.saslPort),
    tls: state.tlsPort ? { ...listener(state.tlsPort), caFile: CERTIFICATE_FILE } : null,
  };
}

/** False when KAFKA_BROKERS points to a broker this script did not start (it cannot be restarted). */
export function canRestartKafka() {
  return !kafka.externalUrl();
}

/**
 * Stops our broker and waits for the JVM to exit; data, ports and cluster id are kept for the next
 * startKafka(). signal 'SIGTERM' (default) or 'SIGKILL'. Resolves true if a broker was running.
 * With strict (default) it throws when KAFKA_BROKERS points to a broker this script did not start
 * (a test asking to restart it could not work).
 */
export async function stopKafka({ strict = true, ...options } = {}) {
  const stopped = await kafka.stop(options);
  const external = !stopped && strict ? kafka.externalUrl() : null;
  if (external) throw new Error(`KAFKA_BROKERS=${external} is an external broker; servers.mjs cannot stop or restart it`);
  return stopped;
}

/** stopKafka() then startKafka() on the same port with the same data. */
export async function restartKafka(opts = {}) {
  await stopKafka(opts);
  return startKafka({ ...opts, fresh: false });
}
