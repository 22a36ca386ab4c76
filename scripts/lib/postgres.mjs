// Private PostgreSQL cluster for tests: .tmp/servers/postgres/
//
// Choice: we always run our OWN cluster (initdb + pg_ctl on a non-standard port) instead of
// creating a database on a server that may already listen on 127.0.0.1:5432. A private cluster
// works the same on a fresh CI machine (no system cluster, or one that is stopped or uses peer/md5
// auth), can use test-only settings (fsync=off…), never touches a developer's real data, and is
// removed by deleting a folder. It costs an initdb per fresh start. The lifecycle (env var,
// reuse, install, stop) is local-server.mjs's; this file says how PostgreSQL runs.
//
// As root, initdb/pg_ctl run as the `postgres` OS user (PostgreSQL refuses to run as root); the
// data dir is chowned to it. If that user cannot reach the repository (e.g. a checkout under
// /root), the data dir goes to $TMPDIR/kora-servers-<hash>/ instead (recorded in state.json).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineLocalServer } from './local-server.mjs';
import {
  ROOT,
  SERVERS_DIR,
  cleanEnv,
  ensureSystemUser,
  isPortOpen,
  isRoot,
  letOthersTraverse,
  log,
  mkdirp,
  pickPort,
  readPidFile,
  rmrf,
  run,
  systemUserIds,
  tailFile,
  terminate,
  which,
  writeJson,
} from './proc.mjs';
import { ensureDebianPackage } from './apt.mjs';

const DIR = path.join(SERVERS_DIR, 'postgres');
const STATE_FILE = path.join(DIR, 'state.json');
const DATABASE = 'kora_test';
const SUPERUSER = 'postgres'; // database role created by initdb (-U), whatever the OS user is
const MATCH = 'postgres';

/** Directory holding initdb/pg_ctl/postgres/psql (Debian: newest /usr/lib/postgresql/<major>/bin). */
export function findPostgresBinDir() {
  const hasAll = (dir) => ['initdb', 'pg_ctl', 'postgres'].every((bin) => fs.existsSync(path.join(dir, bin)));
  try {
    const majors = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const dir = path.join('/usr/lib/postgresql', major, 'bin');
      if (hasAll(dir)) return dir;
    }
  } catch {
    // not a Debian layout
  }
  for (const bin of ['pg_ctl', 'initdb']) {
    const found = which(bin);
    if (found) {
      const dir = path.dirname(fs.realpathSync(found));
      if (hasAll(dir)) return dir;
    }
  }
  return null;
}

/** OS user that runs the server: ourselves, or `postgres` when we are root (created if missing). */
async function serverUser() {
  if (!isRoot()) return os.userInfo().username;
  await ensureSystemUser('postgres', '/bin/sh');
  return 'postgres';
}

async function chownTo(user, target) {
  if (!isRoot()) return;
  const { uid, gid } = await systemUserIds(user);
  fs.chownSync(target, uid, gid);
}

/** Creates an empty data dir the server user can write; returns its path. */
async function prepareDataDir(user) {
  const preferred = path.join(DIR, 'data');
  const fallback = path.join(
    os.tmpdir(),
    `kora-servers-${crypto.createHash('sha1').update(ROOT).digest('hex').slice(0, 10)}`,
    'postgres-data',
  );
  for (const dir of [preferred, fallback]) rmrf(dir);
  if (!isRoot()) {
    mkdirp(preferred, 0o700);
    return preferred;
  }
  // Let the postgres user traverse our own folders.
  letOthersTraverse([path.join(ROOT, '.tmp'), SERVERS_DIR, DIR]);
  for (const dir of [preferred, fallback]) {
    mkdirp(path.dirname(dir));
    fs.mkdirSync(dir, { mode: 0o700 });
    await chownTo(user, dir);
    const probe = await run('test', ['-w', dir, '-a', '-x', dir], { user, cwd: '/', allowFail: true });
    if (probe.code === 0) return dir;
    log(`user ${user} cannot write ${dir}; trying ${fallback}`);
    rmrf(dir);
  }
  throw new Error(`no data directory writable by OS user ${user}`);
}

async function ensureDatabase(binDir, port) {
  const psql = path.join(binDir, 'psql');
  const args = ['-X', '-q', '-h', '127.0.0.1', '-p', String(port), '-U', SUPERUSER, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1'];
  const exists = await run(psql, [...args, '-tAc', `SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`]);
  if (exists.stdout.trim() !== '1') {
    await run(psql, [...args, '-c', `CREATE DATABASE ${DATABASE}`]);
  }
}

function postmasterPid(state) {
  return state?.dataDir ? readPidFile(path.join(state.dataDir, 'postmaster.pid')) : null;
}

/** fresh: wipe the data dir and initdb again; else reuse the last one when it holds a cluster. */
async function launch({ tools: binDir, previous, fresh, timeoutMs }) {
  const user = await serverUser();
  mkdirp(DIR);

  let dataDir = previous?.dataDir;
  const reuse = !fresh && dataDir && fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (reuse) {
    rmrf(path.join(dataDir, 'postmaster.pid')); // stale: the server is not running
  } else {
    dataDir = await prepareDataDir(user);
    log(`postgres: initdb ${dataDir.startsWith(`${ROOT}${path.sep}`) ? path.relative(ROOT, dataDir) : dataDir}`);
    await run(
      path.join(binDir, 'initdb'),
      ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
      { user, cwd: '/' },
    );
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        '',
        '# --- kora test instance (scripts/lib/postgres.mjs); port is given on the command line',
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = ''",
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 300',
        "timezone = 'UTC'",
        'log_min_messages = warning',
        '',
      ].join('\n'),
    );
  }

  const logFile = path.join(path.dirname(dataDir), 'postgres.log');
  if (!reuse) rmrf(logFile);
  fs.closeSync(fs.openSync(logFile, 'a'));
  await chownTo(user, logFile);

  const port = await pickPort('postgres', [previous?.port]);
  const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/${DATABASE}`;
  const state = { port, url, dataDir, logFile, binDir, user };
  writeJson(STATE_FILE, state);

  try {
    await run(
      path.join(binDir, 'pg_ctl'),
      ['-D', dataDir, '-l', logFile, '-w', '-t', String(Math.ceil(timeoutMs / 1000)), '-o', `-p ${port}`, 'start'],
      { user, cwd: '/', env: cleanEnv() },
    );
    await ensureDatabase(binDir, port);
  } catch (err) {
    const tail = tailFile(logFile, 50);
    // pg_ctl may have left a postmaster behind (a timeout, or CREATE DATABASE failing after it).
    const pid = postmasterPid(state);
    if (pid) await shutdown({ pid, state, timeoutMs: 10000 });
    throw new Error(`postgres failed to start: ${err.message}${tail ? `\n--- ${logFile} ---\n${tail}` : ''}`);
  }
  return { state, pid: postmasterPid(state) };
}

/** Fast shutdown, and whatever pg_ctl did, the postmaster gone. */
async function shutdown({ pid, state, timeoutMs }) {
  const pgCtl = state.binDir && path.join(state.binDir, 'pg_ctl');
  if (pgCtl && fs.existsSync(pgCtl)) {
    await run(pgCtl, ['-D', state.dataDir, '-m', 'fast', '-w', '-t', String(Math.ceil(timeoutMs / 1000)), 'stop'], {
      user: state.user,
      cwd: '/',
      allowFail: true,
    });
  }
  // Whatever pg_ctl did, make sure the postmaster is gone (SIGINT = fast shutdown).
  await terminate(pid, { signal: 'SIGINT', timeoutMs, match: MATCH, name: 'postgres' });
}

/** The private cluster; once start() resolves, database kora_test exists. */
const postgres = defineLocalServer({
  name: 'postgres',
  env: 'DATABASE_URL',
  stateFile: STATE_FILE,
  pid: postmasterPid,
  match: MATCH,
  logFile: (state) => state?.logFile,
  answers: (state) => isPortOpen(state.port),
  install: () => ensureDebianPackage({ pkg: 'postgresql', what: 'PostgreSQL server (initdb, pg_ctl)', find: findPostgresBinDir }),
  launch,
  shutdown,
  startTimeoutMs: 60000,
  stopTimeoutMs: 60000,
});

export const postgresServer = postgres;
export const postgresStatus = postgres.status;
export const startPostgres = postgres.start;
export const stopPostgres = postgres.stop;
