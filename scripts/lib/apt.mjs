// Debian packages the scripts need (ffmpeg, Chromium, Redis, PostgreSQL, Java), installed when
// missing and we are root.
//
// Another apt-get or dpkg (unattended upgrades on a fresh machine, a provisioning script, another
// project's install) often holds the dpkg lock for a while; apt-get then fails at once with exit
// 100, "Could not get lock". So every call waits for the lock (apt's DPkg::Lock::Timeout) and a
// failed call is tried once more.
import { cleanEnv, elapsed, isRoot, log, run, warn, which } from './proc.mjs';

/** How long apt-get waits for the dpkg lock before it gives up (seconds). */
export const APT_LOCK_TIMEOUT_SECONDS = 300;

let aptUpdated = false;
let aptQueue = Promise.resolve();

/**
 * Runs `apt-get <args>` waiting for the dpkg lock, and once more if it fails. `runner` is the
 * command runner (tests pass a fake one).
 */
export async function aptGet(args, { runner = run, retryDelayMs = 5_000 } = {}) {
  const argv = ['-o', `DPkg::Lock::Timeout=${APT_LOCK_TIMEOUT_SECONDS}`, ...args];
  const options = { env: cleanEnv({ DEBIAN_FRONTEND: 'noninteractive' }), cwd: '/' };
  try {
    return await runner('apt-get', argv, options);
  } catch (err) {
    warn(`apt-get ${args.join(' ')} failed; trying once more\n${err.message}`);
    await new Promise((r) => setTimeout(r, retryDelayMs));
    return runner('apt-get', argv, options);
  }
}

/**
 * Makes sure a binary exists. `find()` returns its path (or anything truthy) or null.
 * When missing: as root, `apt-get update` (once per process) + `apt-get install -y <pkg>`;
 * otherwise fail with the exact command to run. Installs in one process are serialised.
 */
export function ensureDebianPackage({ pkg, what, find }) {
  const found = find();
  if (found) return Promise.resolve(found);
  if (!isRoot()) {
    return Promise.reject(new Error(`${what} is not installed. Install it with: sudo apt-get install -y ${pkg}`));
  }
  const job = aptQueue.then(async () => {
    const again = find();
    if (again) return again;
    if (!which('apt-get')) {
      throw new Error(`${what} is not installed and apt-get is unavailable; install the package "${pkg}"`);
    }
    const since = Date.now();
    if (!aptUpdated) {
      log('apt-get update');
      await aptGet(['update', '-q']);
      aptUpdated = true;
    }
    log(`${what} missing: apt-get install -y ${pkg}`);
    await aptGet(['install', '-y', '-q', '--no-install-recommends', pkg]);
    const installed = find();
    if (!installed) throw new Error(`apt-get installed ${pkg} but ${what} is still not found`);
    log(`installed ${pkg} (${elapsed(since)})`);
    return installed;
  });
  aptQueue = job.catch(() => {});
  return job;
}

/** Java 17 for the servers that run on the JVM (Kafka, OpenSearch): the path of `java`. */
export function ensureJava() {
  return ensureDebianPackage({ pkg: 'openjdk-17-jre-headless', what: 'Java (java)', find: () => which('java') });
}
