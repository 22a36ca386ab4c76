// Fetches a locked list of jars straight from a Maven repository over HTTPS, in parallel, each
// checked against its SHA-1 from the lock file. No Maven needed: on a machine with a cold ~/.m2,
// `mvn dependency:copy-dependencies` first downloads the dependency plugin and its own hundred-odd
// jars one after the other, which made the first start of the test servers slow.
//
// Lock file lines: `<path in the repository layout> <sha1>`; `#` starts a comment.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Maven Central, unless MAVEN_REPOSITORY_URL names a mirror. */
export const mavenRepositoryUrl = () => (process.env.MAVEN_REPOSITORY_URL || 'https://repo.maven.apache.org/maven2').replace(/\/+$/, '');

/** [{ path, sha1, file }] from a lock file. */
export function readJarLock(lockFile) {
  return fs
    .readFileSync(lockFile, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => {
      const [jarPath, sha1] = line.split(/\s+/);
      if (!jarPath || !/^[0-9a-f]{40}$/.test(sha1 ?? '')) throw new Error(`${lockFile}: bad line "${line}"`);
      return { path: jarPath, sha1, file: path.posix.basename(jarPath) };
    });
}

/**
 * One file of the repository (`repoPath` in its layout), its SHA-1 checked: resolves its bytes.
 * Tries `attempts` times in all, each within `timeoutMs`; rejects naming the URL and the last failure.
 */
export async function fetchMavenFile(repoPath, sha1, { baseUrl = mavenRepositoryUrl(), timeoutMs = 120_000, attempts = 3 } = {}) {
  const url = `${baseUrl}/${repoPath}`;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      const actual = crypto.createHash('sha1').update(bytes).digest('hex');
      if (actual !== sha1) throw new Error(`SHA-1 ${actual}, expected ${sha1}`);
      return bytes;
    } catch (err) {
      if (attempt >= attempts) throw new Error(`${url}: ${err.message}`);
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

async function fetchOne(baseUrl, jar, dir) {
  const bytes = await fetchMavenFile(jar.path, jar.sha1, { baseUrl });
  fs.writeFileSync(path.join(dir, jar.file), bytes);
  return bytes.length;
}

/**
 * Downloads every jar of `lockFile` into `dir` (created), `parallel` at a time. Resolves the total
 * bytes; rejects with every failure listed.
 */
export async function fetchLockedJars(lockFile, dir, { parallel = 8, baseUrl = mavenRepositoryUrl() } = {}) {
  const jars = readJarLock(lockFile);
  fs.mkdirSync(dir, { recursive: true });
  const queue = [...jars];
  const failures = [];
  let bytes = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, jars.length) }, async () => {
      for (let jar = queue.shift(); jar; jar = queue.shift()) {
        try {
          const size = await fetchOne(baseUrl, jar, dir);
          bytes += size; // not `bytes += await ...`: that reads `bytes` before the wait
        } catch (err) {
          failures.push(err.message);
        }
      }
    }),
  );
  if (failures.length) throw new Error(`could not fetch ${failures.length} of ${jars.length} jars:\n${failures.join('\n')}`);
  return bytes;
}
