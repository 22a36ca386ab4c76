// Private Redis for tests: .tmp/servers/redis/ (no persistence, loopback only, custom port).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  SERVERS_DIR,
  elapsed,
  log,
  mkdirp,
  pickPort,
  pidAlive,
  readJson,
  readPidFile,
  rmrf,
  run,
  sleep,
  tailFile,
  terminate,
  which,
  withLock,
  writeJson,
} from './proc.mjs';
import { ensureDebianPackage } from './apt.mjs';

const DIR = path.join(SERVERS_DIR, 'redis');
const STATE_FILE = path.join(DIR, 'state.json');
const PID_FILE = path.join(DIR, 'redis.pid');
const LOG_FILE = path.join(DIR, 'redis.log');
const DATA_DIR = path.join(DIR, 'data');
const ENV = 'REDIS_URL';

const readState = () => readJson(STATE_FILE);

function externalUrl() {
  const value = process.env[ENV];
  if (!value) return null;
  return readState()?.url === value ? null : value;
}

function runningPid() {
  const pid = readPidFile(PID_FILE);
  return pidAlive(pid, 'redis-server') ? pid : null;
}

/** Sends PING over a raw socket; resolves the first reply line ('+PONG' when ready) or null. */
export function redisPing(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let data = '';
    const done = (value) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.once('error', () => done(null));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      data += chunk;
      const end = data.indexOf('\r\n');
      if (end >= 0) done(data.slice(0, end));
    });
  });
}

/** { name, status: 'running'|'stopped'|'external', url?, pid?, port?, logFile? } */
export function redisStatus() {
  const external = externalUrl();
  if (external) return { name: 'redis', status: 'external', url: external };
  const state = readState();
  const pid = runningPid();
  if (!pid || !state) return { name: 'redis', status: 'stopped', logFile: LOG_FILE };
  return { name: 'redis', status: 'running', url: state.url, pid, port: state.port, logFile: LOG_FILE };
}

/**
 * Starts (or reuses) the private redis-server. Resolves
 * { name, status: 'started'|'running'|'external', url, pid?, port? }.
 */
export function startRedis({ fresh = true, timeoutMs = 20000 } = {}) {
  const external = externalUrl();
  if (external) {
    log(`redis: using ${ENV} from the environment (nothing started)`);
    return Promise.resolve({ name: 'redis', status: 'external', url: external });
  }
  return withLock(async () => {
    const since = Date.now();
    const previous = readState();
    const pid = runningPid();
    if (pid && previous && (await redisPing(previous.port)) === '+PONG') {
      log(`redis already running (pid ${pid}) at ${previous.url}`);
      return { name: 'redis', status: 'running', url: previous.url, pid, port: previous.port };
    }
    if (pid) await stopRedis();

    const bin = await ensureDebianPackage({
      pkg: 'redis-server',
      what: 'redis-server',
      find: () => which('redis-server'),
    });
    mkdirp(DIR);
    if (fresh) rmrf(DATA_DIR);
    mkdirp(DATA_DIR);
    rmrf(PID_FILE);
    rmrf(LOG_FILE);

    const port = await pickPort('redis', [previous?.port]);
    const url = `redis://127.0.0.1:${port}`;
    writeJson(STATE_FILE, { port, url });

    // --daemonize yes: redis-server forks, writes the pid file and the parent exits at once.
    await run(bin, [
      '--port', String(port),
      '--bind', '127.0.0.1',
      '--save', '',
      '--appendonly', 'no',
      '--daemonize', 'yes',
      '--pidfile', PID_FILE,
      '--dir', DATA_DIR,
      '--logfile', LOG_FILE,
    ]);

    const deadline = Date.now() + timeoutMs;
    let reply = null;
    for (;;) {
      reply = await redisPing(port);
      if (reply === '+PONG' && runningPid()) break;
      if (Date.now() > deadline) {
        const tail = tailFile(LOG_FILE, 50);
        throw new Error(
          `redis did not answer PING on port ${port} within ${timeoutMs / 1000}s (last reply: ${reply})` +
            (tail ? `\n--- ${LOG_FILE} ---\n${tail}` : ''),
        );
      }
      await sleep(50);
    }
    const newPid = runningPid();
    log(`redis ready at ${url} (pid ${newPid}, ${elapsed(since)})`);
    return { name: 'redis', status: 'started', url, pid: newPid, port };
  });
}

/** Stops our redis-server (SIGTERM, no save) and waits for it to exit. Resolves true if one was running. */
export function stopRedis({ timeoutMs = 20000 } = {}) {
  return withLock(async () => {
    const pid = runningPid();
    if (!pid) return false;
    const since = Date.now();
    await terminate(pid, { signal: 'SIGTERM', timeoutMs, match: 'redis-server', name: 'redis' });
    if (fs.existsSync(PID_FILE) && !runningPid()) rmrf(PID_FILE);
    log(`redis stopped (${elapsed(since)})`);
    return true;
  });
}
