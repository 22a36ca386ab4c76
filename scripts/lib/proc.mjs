// Shared helpers for scripts/servers.mjs: paths, logging, child processes, ports, pid files,
// Debian package installation and a cross-process lock. Pure Node (no dependencies).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (scripts/lib/../..), independent of process.cwd(). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Git-ignored folder holding every private server: .tmp/servers/<name>/ */
export const SERVERS_DIR = path.join(ROOT, '.tmp', 'servers');
/** Where `start` writes {DATABASE_URL, REDIS_URL, KAFKA_BROKERS}. */
export const ENV_FILE = path.join(SERVERS_DIR, 'env.json');

let quiet = process.env.SERVERS_QUIET === '1';
export function setQuiet(value) {
  quiet = Boolean(value);
}
/** Progress line on stderr (stdout is reserved for the KEY=value lines of the CLI). */
export function log(message) {
  if (!quiet) process.stderr.write(`[servers] ${message}\n`);
}
/** Warnings are printed even when quiet. */
export function warn(message) {
  process.stderr.write(`[servers] ${message}\n`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
export const elapsed = (since) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

/** Environment for children without libpq's PG* variables (PGSSLMODE, PGDATA, PGPORT… would interfere). */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PG')) env[key] = value;
  }
  return { ...env, ...extra };
}

/**
 * Runs a command to completion and captures its output.
 * Options: user (run as that OS user when we are root), env, cwd, timeoutMs, allowFail.
 * Throws (unless allowFail) with the command's output in the message.
 */
export function run(cmd, args = [], opts = {}) {
  const { user, env = cleanEnv(), cwd = ROOT, timeoutMs = 0, allowFail = false } = opts;
  let file = cmd;
  let argv = args;
  if (user && isRoot() && user !== 'root') {
    file = 'runuser';
    argv = ['-u', user, '--', cmd, ...args];
  }
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let timer = null;
    const child = spawn(file, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    if (timeoutMs > 0) {
      timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    }
    child.on('error', (err) => {
      if (timer) clearTimeout(timer);
      if (allowFail) resolve({ code: -1, stdout, stderr: String(err) });
      else reject(new Error(`${cmd} could not be started: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      const result = { code: code ?? -1, signal, stdout, stderr };
      if (code === 0 || allowFail) return resolve(result);
      const output = `${stdout}\n${stderr}`.trim().split('\n').slice(-40).join('\n');
      reject(new Error(`command failed (${signal ?? `exit ${code}`}): ${[file, ...argv].join(' ')}${output ? `\n${output}` : ''}`));
    });
  });
}

/** Absolute path of an executable found on PATH (plus the sbin dirs a non-login root shell may lack), or null. */
export function which(bin) {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const extra of ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin']) {
    if (!dirs.includes(extra)) dirs.push(extra);
  }
  for (const dir of dirs) {
    const candidate = path.join(dir, bin);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Ports
// ---------------------------------------------------------------------------------------------

/** True when something accepts TCP connections on host:port. */
export function isPortOpen(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when we can bind host:port (nobody listens there). */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

const reservedPorts = new Map(); // port -> owner, so servers starting in parallel never pick the same one

/**
 * A free port for `owner` (e.g. 'redis'): the first free one of `preferred` (the port used last
 * time), else a random free port in [20000, 30000) — below Linux's ephemeral range (32768+) so
 * outgoing connections never grab it between our check and the server's bind.
 */
export async function pickPort(owner, preferred = []) {
  const usable = (port) => !reservedPorts.has(port) || reservedPorts.get(port) === owner;
  for (const port of preferred) {
    if (port && usable(port) && (await isPortFree(port))) {
      reservedPorts.set(port, owner);
      return port;
    }
  }
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 10000);
    if (!usable(port)) continue;
    if (await isPortFree(port)) {
      for (const [reserved, by] of reservedPorts) if (by === owner) reservedPorts.delete(reserved);
      reservedPorts.set(port, owner);
      return port;
    }
  }
  throw new Error('no free TCP port found in 20000-29999');
}

/**
 * Puts an HTTP server (the tests' sinks) on a free loopback port: resolves its address and a close
 * that also drops idle keep-alive connections, so a killed test process's cannot hold the close up.
 */
export async function listenOnLoopback(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * Waits until host:port accepts connections. `check()` (optional) is called between attempts and
 * may throw to abort early (e.g. when the server process died).
 */
export async function waitForPort(port, { host = '127.0.0.1', timeoutMs = 30000, check } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await isPortOpen(port, host, 500)) return;
    if (check) await check();
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${host}:${port}`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------
// Processes and pid files
// ---------------------------------------------------------------------------------------------

export function readPidFile(file) {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0].trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * True when `pid` is a live (non-zombie) process whose command line contains `match` (guards
 * against pid reuse: we never signal a process that is not the server we started).
 */
export function pidAlive(pid, match) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (err.code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const stateChar = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (stateChar === 'Z' || stateChar === 'X') return false;
    if (match) {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!cmdline.includes(match)) return false;
    }
  } catch {
    // no /proc (not Linux): trust kill(0)
  }
  return true;
}

/** Waits until the process is gone. Returns true if it exited within timeoutMs. */
export async function waitForExit(pid, timeoutMs, match) {
  const deadline = Date.now() + timeoutMs;
  while (pidAlive(pid, match)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Waits until a server just spawned answers (`answers()` true), polling every `pollMs`; if its
 * process dies first, or it does not answer within `timeoutMs` (then it is killed), throws with
 * `name` and the log tail `logTail()` gives.
 */
export async function waitUntilAnswering(pid, { name, match, answers, timeoutMs, logTail = () => '', pollMs = 200 }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!pidAlive(pid, match)) throw new Error(`${name} (pid ${pid}) exited during startup${logTail()}`);
    if (await answers()) return;
    if (Date.now() > deadline) {
      await terminate(pid, { signal: 'SIGKILL', timeoutMs: 5000, match });
      throw new Error(`${name} not ready within ${timeoutMs / 1000}s${logTail()}`);
    }
    await sleep(pollMs);
  }
}

/** Sends `signal`, waits up to timeoutMs, then SIGKILLs. Resolves when the process is gone. */
export async function terminate(pid, { signal = 'SIGTERM', timeoutMs = 30000, match, name = `pid ${pid}` } = {}) {
  if (!pidAlive(pid, match)) return false;
  try {
    process.kill(pid, signal);
  } catch {
    return !pidAlive(pid, match);
  }
  if (await waitForExit(pid, timeoutMs, match)) return true;
  warn(`${name} did not exit within ${timeoutMs / 1000}s after ${signal}; sending SIGKILL`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await waitForExit(pid, 10000, match);
  return true;
}

/**
 * A local server's `shutdown` (local-server.mjs) for one started with a pid file: `terminate` it
 * (SIGTERM unless the caller says otherwise, as SIGKILL simulates a crash), then forget the pid file.
 */
export function terminateAndForget({ pidFile, match, name }) {
  return async ({ pid, timeoutMs, signal = 'SIGTERM' }) => {
    await terminate(pid, { signal, timeoutMs, match, name });
    rmrf(pidFile);
  };
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

export function mkdirp(dir, mode = 0o755) {
  fs.mkdirSync(dir, { recursive: true, mode });
  return dir;
}

export function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Atomic write (temp file + rename) so concurrent readers never see half a file. */
export function writeJson(file, value) {
  mkdirp(path.dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

export function rmrf(target) {
  fs.rmSync(target, { recursive: true, force: true, maxRetries: 3 });
}

/** Last `lines` lines of a (possibly large) text file, or '' when it does not exist. */
export function tailFile(file, lines = 50) {
  try {
    const { size } = fs.statSync(file);
    const length = Math.min(size, 256 * 1024);
    const fd = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    fs.closeSync(fd);
    return buffer.toString('utf8').split('\n').filter(Boolean).slice(-lines).join('\n');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Cross-process lock (re-entrant within a process) so two `start`s never race on the same dirs
// ---------------------------------------------------------------------------------------------

const LOCK_DIR = path.join(SERVERS_DIR, '.lock');
let lockHolders = 0; // calls in this process currently inside withLock()

function releaseLock() {
  lockHolders--;
  if (lockHolders === 0) rmrf(LOCK_DIR);
}

/**
 * Runs fn while holding .tmp/servers/.lock. Calls from the same process share the lock (they run
 * concurrently, e.g. postgres/redis/kafka starting in parallel); other processes wait.
 */
export async function withLock(fn, { timeoutMs = 15 * 60 * 1000 } = {}) {
  mkdirp(SERVERS_DIR);
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    if (lockHolders > 0) break; // this process already holds it
    try {
      fs.mkdirSync(LOCK_DIR);
      fs.writeFileSync(path.join(LOCK_DIR, 'owner'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = readPidFile(path.join(LOCK_DIR, 'owner'));
      // (owner === our pid while we hold nothing = leftover of an earlier process with our pid)
      let stale = owner ? owner === process.pid || !pidAlive(owner) : false;
      if (!owner) {
        // The owner may be between mkdir and writeFile; only a lock older than 10s is stale.
        try {
          stale = Date.now() - fs.statSync(LOCK_DIR).mtimeMs > 10000;
        } catch {
          stale = false;
        }
      }
      if (stale) {
        rmrf(LOCK_DIR);
        continue;
      }
      if (!announced) {
        log(`waiting for another servers.mjs (pid ${owner ?? '?'}) to finish`);
        announced = true;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for lock ${LOCK_DIR}`);
      await sleep(200);
    }
  }
  lockHolders++;
  try {
    return await fn();
  } finally {
    releaseLock();
  }
}

/** Creates system user `name` (its own group, no home) unless it exists: servers that refuse root run as one. */
export async function ensureSystemUser(name, shell) {
  const probe = await run('id', ['-u', name], { allowFail: true });
  if (probe.code === 0) return;
  log(`creating OS user ${name}`);
  await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', shell, name]);
}

/** The uid and gid of OS user `name`, for chown and setpriv. */
export async function systemUserIds(name) {
  const uid = Number((await run('id', ['-u', name])).stdout.trim());
  const gid = Number((await run('id', ['-g', name])).stdout.trim());
  return { uid, gid };
}

/** Lets other OS users (a server's own) pass through these folders of ours: a umask may have made them 0700. */
export function letOthersTraverse(dirs) {
  for (const dir of dirs) {
    const mode = fs.statSync(dir).mode & 0o777;
    if ((mode & 0o005) !== 0o005) fs.chmodSync(dir, mode | 0o755);
  }
}

/**
 * Starts a server process that outlives us (its own process group), its output appended to
 * `outLog`, and records its pid in `pidFile`. A spawn that fails outright throws; one that exits
 * soon after is for the caller's readiness wait to notice. `logTail` adds the server's last log lines
 * to the error.
 */
export function spawnDetached(file, args, { cwd, env, outLog, pidFile, name, logTail = () => '' }) {
  const out = fs.openSync(outLog, 'a');
  let child;
  try {
    child = spawn(file, args, { cwd, env, detached: true, stdio: ['ignore', out, out] });
  } finally {
    fs.closeSync(out);
  }
  child.on('error', () => {}); // surfaced by the caller's wait as "exited during startup"
  child.unref();
  if (!child.pid) throw new Error(`${name}: could not spawn ${file}${logTail()}`);
  fs.writeFileSync(pidFile, `${child.pid}\n`);
  return child.pid;
}
