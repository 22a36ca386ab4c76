/**
 * The embedded product as a child process on a given data folder and port, for tests that must
 * kill it the hard way (SIGKILL) or start it on a restored folder: `npm start`'s own entry point,
 * without the install/build steps (the caller builds the web app first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOnce } from '../lib/bundle.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_LINE = 'Kora is running at';

export interface EmbeddedChild {
  url: string;
  /** Where its stdout and stderr go. */
  logFile: string;
  process: ChildProcess;
  /** SIGKILL, as a power cut of the process would; resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM: a clean stop. */
  stop(): Promise<void>;
}

export async function startEmbeddedChild(
  dataDir: string,
  port: number,
  { timeoutMs = 120_000, env = {} }: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<EmbeddedChild> {
  // `npm start`'s entry, bundled once per test process (scripts/lib/bundle.mjs): the tests start it many times.
  const entry = await bundleOnce('scripts/run/embedded-main.ts');
  const logFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', MAIL_DEV_OUTBOX: 'true', ...env },
    stdio: ['ignore', 'pipe', log],
  });
  fs.closeSync(log);
  // The product's log lines (pino, on stdout) go to the same file as its stderr.
  child.stdout!.pipe(fs.createWriteStream(logFile, { flags: 'a' }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`the product did not start within ${timeoutMs} ms; see ${logFile}`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    });
    // The log's end goes into the error: a test's afterAll may remove its folder before anyone reads it.
    const logEnd = () => fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-20).join('\n');
    child.once('exit', (code) => fail(new Error(`the product exited (${code}) while starting; the end of ${logFile}:\n${logEnd()}`)));
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { url: `http://127.0.0.1:${port}`, logFile, process: child, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}
