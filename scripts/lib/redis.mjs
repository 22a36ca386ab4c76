// Private Redis for tests: .tmp/servers/redis/ (no persistence, loopback only, custom port). The
// lifecycle (env var, reuse, install, stop) is local-server.mjs's; this file says how Redis runs.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { defineLocalServer } from './local-server.mjs';
import { SERVERS_DIR, mkdirp, pickPort, pidAlive, readPidFile, rmrf, run, sleep, tailFile, terminate, which, writeJson } from './proc.mjs';
import { ensureDebianPackage } from './apt.mjs';

const DIR = path.join(SERVERS_DIR, 'redis');
const STATE_FILE = path.join(DIR, 'state.json');
const PID_FILE = path.join(DIR, 'redis.pid');
const LOG_FILE = path.join(DIR, 'redis.log');
const DATA_DIR = path.join(DIR, 'data');
const MATCH = 'redis-server';

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

async function launch({ tools: bin, previous, fresh, timeoutMs }) {
  mkdirp(DIR);
  if (fresh) rmrf(DATA_DIR);
  mkdirp(DATA_DIR);
  rmrf(PID_FILE);
  rmrf(LOG_FILE);

  const port = await pickPort('redis', [previous?.port]);
  const state = { port, url: `redis://127.0.0.1:${port}` };
  writeJson(STATE_FILE, state);

  // --daemonize yes: redis-server forks, writes the pid file and the parent exits at once.
  await run(bin, [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
    '--pidfile',
    PID_FILE,
    '--dir',
    DATA_DIR,
    '--logfile',
    LOG_FILE,
  ]);

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await redisPing(port);
    const pid = readPidFile(PID_FILE);
    if (reply === '+PONG' && pidAlive(pid, MATCH)) return { state, pid };
    if (Date.now() > deadline) {
      const tail = tailFile(LOG_FILE, 50);
      if (pidAlive(pid, MATCH)) await terminate(pid, { signal: 'SIGKILL', timeoutMs: 5000, match: MATCH });
      throw new Error(
        `redis did not answer PING on port ${port} within ${timeoutMs / 1000}s (last reply: ${reply})` +
          (tail ? `\n--- ${LOG_FILE} ---\n${tail}` : ''),
      );
    }
    await sleep(50);
  }
}

const redis = defineLocalServer({
  name: 'redis',
  env: 'REDIS_URL',
  stateFile: STATE_FILE,
  pid: () => readPidFile(PID_FILE),
  match: MATCH,
  logFile: () => LOG_FILE,
  answers: async (state) => (await redisPing(state.port)) === '+PONG',
  install: () => ensureDebianPackage({ pkg: 'redis-server', what: 'redis-server', find: () => which('redis-server') }),
  launch,
  // SIGTERM: redis-server exits without saving (persistence is off).
  async shutdown({ pid, timeoutMs }) {
    await terminate(pid, { signal: 'SIGTERM', timeoutMs, match: MATCH, name: 'redis' });
    if (fs.existsSync(PID_FILE) && !pidAlive(readPidFile(PID_FILE), MATCH)) rmrf(PID_FILE);
  },
  startTimeoutMs: 20000,
  stopTimeoutMs: 20000,
});

export const redisServer = redis;
export const redisStatus = redis.status;
export const startRedis = redis.start;
export const stopRedis = redis.stop;
