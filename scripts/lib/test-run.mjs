// The processes `npm test` runs (scripts/test.mjs): each in its own process group, so an
// interruption stops its workers with it and nothing it started outlives it; live on the terminal,
// or into a log printed whole when it ends, so processes running side by side never interleave
// their lines. Vitest runs one project per process: its workers are kept from file to file
// (vitest.config.ts), and a worker pool serves one project at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readReport } from './test-report.mjs';

/**
 * @param {{ root: string, resultsDir: string, baseEnv: Record<string, string>, vitestArgs: string[] }} options
 *   vitestArgs: passed to every vitest run (file filters, --changed)
 */
export function createTestRunner({ root, resultsDir, baseEnv, vitestArgs }) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  /** Names of the steps that failed, for the last line. */
  const failures = [];
  /** Every failed test, printed at the end next to the totals. */
  const failedTests = [];
  /** [{ name, seconds, passed?, failed?, skipped? }] for the table at the end. */
  const timings = [];
  const running = new Set();
  let interruptedBy = null;

  function kill(child, signal) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }

  /** Resolves true when the command exits with 0. `live: false` keeps its output for the end. */
  function run(name, cmd, args, { env = {}, live = true } = {}) {
    return new Promise((resolve) => {
      if (interruptedBy) {
        failures.push(`${name} (not run: ${interruptedBy})`);
        return resolve(false);
      }
      const logFile = path.join(resultsDir, `${name}.log`);
      const out = live ? 'inherit' : fs.openSync(logFile, 'w');
      const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...baseEnv, ...env }, detached: true });
      if (!live) fs.closeSync(out);
      running.add(child);
      child.on('exit', (code, signal) => {
        running.delete(child);
        // Whatever it left behind (a worker that outlived its pool) goes with it.
        kill(child, 'SIGKILL');
        if (!live) process.stdout.write(`\n--- ${name} ---\n${fs.readFileSync(logFile, 'utf8')}`);
        const ok = code === 0;
        if (!ok) failures.push(signal ? `${name} (${signal})` : name);
        resolve(ok);
      });
    });
  }

  /** Times `fn` into the table under `name`. */
  async function timed(name, fn) {
    const since = Date.now();
    const value = await fn();
    timings.push({ name, seconds: (Date.now() - since) / 1000 });
    return value;
  }

  /**
   * One vitest project, `workers` files at once (vitest's default is one fewer than the cores: one
   * worker on a 2-core machine, which leaves a waiting file's core idle). The pool keeps that many
   * workers for the whole run: a pool allowed to shrink stopped idle workers that were still
   * being handed their next file.
   */
  async function vitest(name, project, { env = {}, workers, live = true } = {}) {
    const since = Date.now();
    const output = path.join(resultsDir, `${name}.json`);
    const ok = await run(
      name,
      process.execPath,
      [
        path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        ...vitestArgs,
        '--project',
        project,
        ...(workers ? [`--maxWorkers=${workers}`, `--minWorkers=${workers}`] : []),
        '--passWithNoTests',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${output}`,
      ],
      { env, live },
    );
    // Crashed before reporting: counted as one failure so the run cannot pass.
    const report = readReport(output, root) ?? { passed: 0, failed: ok ? 0 : 1, skipped: 0, failedTests: [] };
    totals.passed += report.passed;
    totals.failed += report.failed;
    totals.skipped += report.skipped;
    failedTests.push(...report.failedTests.map((t) => ({ stage: name, ...t })));
    timings.push({ name, seconds: (Date.now() - since) / 1000, ...report, failedTests: undefined });
    return ok;
  }

  /** Stops every running process (an interruption): nothing new starts after it. */
  function interrupt(signal) {
    interruptedBy = signal;
    for (const child of running) kill(child, signal);
  }

  return {
    run,
    vitest,
    timed,
    interrupt,
    totals,
    failures,
    failedTests,
    timings,
    get interruptedBy() {
      return interruptedBy;
    },
  };
}
