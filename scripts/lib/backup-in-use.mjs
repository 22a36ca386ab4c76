// Which process holds an embedded data folder. PGlite writes a postmaster.pid with a fake pid (-42),
// so it cannot tell a running product from a stopped one; the embedded launcher writes the real pid
// into `kora.pid` instead, and backup/restore refuse to touch a folder a live process holds.
import fs from 'node:fs';
import path from 'node:path';

export const IN_USE_FILE = 'kora.pid';

/** @param {string} dataDir @returns {() => void} removes the mark again (a clean stop). */
export function markDataDirInUse(dataDir) {
  const file = path.join(dataDir, IN_USE_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  return () => {
    // Only our own mark: a second product started on the folder since then owns it now.
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The pid of the live process holding `dataDir`, or null (no mark, or a mark left by a killed process). */
export function processUsingDataDir(dataDir) {
  const pid = readPid(path.join(dataDir, IN_USE_FILE));
  if (!pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists but belongs to another user; it still holds the folder.
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM' ? pid : null;
  }
}

/** @param {string} file */
function readPid(file) {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** True when a process held `dataDir` and died without a clean stop (its mark is still there). */
export function leftByKilledProcess(dataDir) {
  const pid = readPid(path.join(dataDir, IN_USE_FILE));
  return pid !== null && processUsingDataDir(dataDir) === null;
}
