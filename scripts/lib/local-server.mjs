// The one lifecycle of the private servers (PostgreSQL, Redis, Kafka) that servers.mjs runs under
// .tmp/servers/<name>/. postgres.mjs, redis.mjs and kafka.mjs supply only what differs: how to
// install, launch, probe and shut down their server.
//
//   status  external: the server's env var names one this script did not start (it is used, never
//           started or stopped); running: our pid is alive; else stopped
//   start   external → nothing; running and answering → reused; alive but not answering → stopped
//           first; else the Debian package installed when missing, then launched on a private port
//   stop    only the process this script started (its pid), waiting until it is gone
//
// start and stop hold the servers lock (withLock): another process's start or stop waits, calls
// of this process share it (the servers start in parallel).
import { elapsed, log, pidAlive, readJson, withLock } from './proc.mjs';

/**
 * `spec`:
 *   name, env          'redis', 'REDIS_URL'
 *   stateFile          state.json: what the last launch chose (port, url, data dir…)
 *   url(state)         the address clients use (default state.url)
 *   pid(state)         the server's pid as recorded (pid file), or null; checked against `match`;
 *                      state is null when state.json is missing
 *   match              a string of the server's command line (pid reuse never signals a stranger)
 *   logFile(state)     where to look when it fails
 *   answers(state)     resolves true when the running server answers (its readiness probe)
 *   install()          resolves what launch needs (binaries), installing the package when missing
 *   launch(ctx)        ctx = { tools, previous, fresh, timeoutMs }: writes state, starts the server
 *                      and waits until it answers; resolves { state, pid, restarted? }. On failure
 *                      it throws and leaves nothing of its own running.
 *   shutdown(ctx)      ctx = { pid, state, timeoutMs, signal }: stops it and waits for the exit
 *   startTimeoutMs, stopTimeoutMs, freshByDefault
 *   lock               withLock (tests pass their own)
 */
export function defineLocalServer(spec) {
  const { name, env, lock = withLock } = spec;
  const readState = () => readJson(spec.stateFile);
  const urlOf = (state) => (spec.url ? spec.url(state) : state.url);

  /** `state` may be null: a pid file can outlive state.json, and such a server is still stopped. */
  function runningPid(state) {
    const pid = spec.pid(state);
    return pidAlive(pid, spec.match) ? pid : null;
  }

  /** The env var's value when it is not the address of our own server. */
  function externalUrl() {
    const value = process.env[env];
    if (!value) return null;
    const state = readState();
    return state && urlOf(state) === value ? null : value;
  }

  /** { name, status: 'running'|'stopped'|'external', url?, pid?, port?, logFile? } */
  function status() {
    const external = externalUrl();
    if (external) return { name, status: 'external', url: external };
    const state = readState();
    const pid = runningPid(state);
    if (!pid || !state) return { name, status: 'stopped', logFile: spec.logFile(state) };
    return { name, status: 'running', url: urlOf(state), pid, port: state.port, logFile: spec.logFile(state) };
  }

  /**
   * Starts (or reuses) the server. fresh: when it is not running, wipe its data and pick ports
   * again (the previous ones if free). Resolves { name, status: 'started'|'running'|'external',
   * url, pid?, port? }.
   */
  function start({ fresh = spec.freshByDefault ?? true, timeoutMs = spec.startTimeoutMs } = {}) {
    const external = externalUrl();
    if (external) {
      log(`${name}: using ${env} from the environment (nothing started)`);
      return Promise.resolve({ name, status: 'external', url: external });
    }
    return lock(async () => {
      const since = Date.now();
      const previous = readState();
      const pid = runningPid(previous);
      if (pid && previous && (await spec.answers(previous))) {
        log(`${name} already running (pid ${pid}) at ${urlOf(previous)}`);
        return { name, status: 'running', url: urlOf(previous), pid, port: previous.port };
      }
      if (pid) await stop(); // alive but not answering: start it again

      const tools = await spec.install();
      const launched = await spec.launch({ tools, previous, fresh, timeoutMs });
      const url = urlOf(launched.state);
      log(`${name} ${launched.restarted ? 'restarted' : 'ready'} at ${url} (pid ${launched.pid}, ${elapsed(since)})`);
      return { name, status: 'started', url, pid: launched.pid, port: launched.state.port };
    });
  }

  /** Stops our server and waits for it to exit. Resolves true if one was running. */
  function stop({ timeoutMs = spec.stopTimeoutMs, signal } = {}) {
    return lock(async () => {
      const state = readState();
      const pid = runningPid(state);
      if (!pid) return false;
      const since = Date.now();
      await spec.shutdown({ pid, state, timeoutMs, signal });
      log(`${name} stopped (${elapsed(since)})`);
      return true;
    });
  }

  return { name, env, status, start, stop, externalUrl };
}

/**
 * Starts the servers in parallel. When any fails, those this call started are stopped again (the
 * caller would not know to stop them) and it throws with every failure. Resolves their results.
 */
export async function startTogether(servers, options = {}) {
  const settled = await Promise.allSettled(servers.map((server) => server.start(options[server.name] ?? {})));
  const failures = settled.flatMap((result, i) =>
    result.status === 'rejected' ? [`${servers[i].name}: ${result.reason?.message ?? result.reason}`] : [],
  );
  if (failures.length) {
    for (let i = 0; i < servers.length; i++) {
      if (settled[i].status === 'fulfilled' && settled[i].value.status === 'started') {
        await servers[i].stop().catch(() => {});
      }
    }
    throw new Error(`could not start servers\n${failures.join('\n')}`);
  }
  return settled.map((result) => result.value);
}
