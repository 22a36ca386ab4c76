/**
 * The notifications process's JavaScript heap, read from outside: the bench starts it with Node's
 * diagnostic report on a signal (NODE_REPORT_ARGS) and sends that signal; the report's
 * `javascriptHeap.usedMemory` is the heap in use then. SIGWINCH, not Node's default SIGUSR2: the
 * services shut down gracefully on SIGUSR2 (close-with-grace), and SIGWINCH is ignored by a process
 * that does not listen for it. The heap read includes garbage not yet collected, so the bench reads
 * it after the process has settled. Without --report-exclude-network the report looks up every
 * socket's peer name in DNS, one at a time: 2,000 sockets froze the instance for 3 minutes. The report holds the process's environment
 * (secrets), so it is deleted as soon as it is read.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const DIRECTORY = path.resolve('.tmp/bench/reports');

/** Node options for the process whose heap the bench reads. */
export const NODE_REPORT_ARGS = [
  '--report-on-signal',
  '--report-exclude-network',
  '--report-signal=SIGWINCH',
  `--report-directory=${DIRECTORY}`,
];

export async function heapUsedMb(pid: number): Promise<number | null> {
  mkdirSync(DIRECTORY, { recursive: true });
  const mine = () => readdirSync(DIRECTORY).filter((f) => f.includes(`.${pid}.`));
  for (const old of mine()) rmSync(path.join(DIRECTORY, old));
  process.kill(pid, 'SIGWINCH');
  // A report of a process holding 20,000 sockets lists each handle: give it a few seconds.
  for (let waited = 0; waited < 15_000; waited += 250) {
    await new Promise((r) => setTimeout(r, 250));
    const [file] = mine();
    if (!file) continue;
    try {
      const report = JSON.parse(readFileSync(path.join(DIRECTORY, file), 'utf8')) as { javascriptHeap: { usedMemory: number } };
      rmSync(path.join(DIRECTORY, file));
      return report.javascriptHeap.usedMemory / 1024 / 1024;
    } catch {
      // still being written
    }
  }
  return null;
}
