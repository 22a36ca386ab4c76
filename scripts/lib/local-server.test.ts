import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineLocalServer, startTogether, type LocalServer } from './local-server.mjs';
import { isPortOpen, pidAlive, readPidFile, setQuiet, terminate } from './proc.mjs';

// Servers of the lifecycle's own: small Node processes listening on a loopback port, so the
// lifecycle runs for real (processes, pid files, state files) without PostgreSQL, Redis or Kafka.
const MATCH = 'kora-local-server-test';
const SERVER_CODE = `const s = require('net').createServer((c) => c.end()).listen(0, '127.0.0.1', () =>
  require('fs').writeFileSync(process.argv[1], String(s.address().port)));`;

interface FakeState {
  port: number;
  url: string;
}

let dir: string;
const made: { pidFile: string }[] = [];

beforeAll(() => {
  setQuiet(true);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-local-server-'));
});

afterEach(async () => {
  for (const { pidFile } of made.splice(0)) {
    const pid = readPidFile(pidFile);
    if (pid && pidAlive(pid, MATCH)) await terminate(pid, { signal: 'SIGKILL', match: MATCH });
  }
  for (const key of Object.keys(process.env)) if (key.startsWith('KORA_FAKE_')) delete process.env[key];
});

afterAll(() => {
  setQuiet(false);
  fs.rmSync(dir, { recursive: true, force: true });
});

function fakeServer(name: string, { fails = false } = {}) {
  const home = path.join(dir, name);
  fs.mkdirSync(home, { recursive: true });
  const pidFile = path.join(home, 'server.pid');
  const stateFile = path.join(home, 'state.json');
  made.push({ pidFile });
  const counts = { installs: 0, launches: 0, shutdowns: 0 };
  const control = { answering: true, fresh: null as boolean | null };
  const server: LocalServer = defineLocalServer<FakeState, string>({
    name,
    env: `KORA_FAKE_${name.toUpperCase()}_URL`,
    stateFile,
    pid: () => readPidFile(pidFile),
    match: MATCH,
    logFile: () => undefined,
    answers: async (state) => control.answering && (await isPortOpen(state.port)),
    install() {
      counts.installs++;
      return Promise.resolve(process.execPath);
    },
    async launch({ tools: node, fresh }) {
      counts.launches++;
      control.fresh = fresh;
      if (fails) throw new Error(`${name} would not start`);
      const portFile = path.join(home, 'port');
      fs.rmSync(portFile, { force: true });
      const child = spawn(node, ['-e', SERVER_CODE, portFile, MATCH], { detached: true, stdio: 'ignore' });
      child.unref();
      fs.writeFileSync(pidFile, `${child.pid}\n`);
      while (!fs.existsSync(portFile) || !fs.readFileSync(portFile, 'utf8')) await new Promise((r) => setTimeout(r, 20));
      const port = Number(fs.readFileSync(portFile, 'utf8'));
      const state = { port, url: `fake://127.0.0.1:${port}` };
      fs.writeFileSync(stateFile, JSON.stringify(state));
      return { state, pid: child.pid! };
    },
    async shutdown({ pid, timeoutMs }) {
      counts.shutdowns++;
      await terminate(pid, { timeoutMs, match: MATCH });
    },
    startTimeoutMs: 10_000,
    stopTimeoutMs: 10_000,
    lock: (fn) => fn(),
  });
  return { server, counts, control };
}

describe('the local server lifecycle', () => {
  it('installs and starts once, reuses the running server, stops it and says so', async () => {
    const { server, counts } = fakeServer('alpha');
    expect(server.status()).toMatchObject({ name: 'alpha', status: 'stopped' });

    const started = await server.start();
    expect(started).toMatchObject({ name: 'alpha', status: 'started', url: `fake://127.0.0.1:${started.port}` });
    expect(pidAlive(started.pid!, MATCH)).toBe(true);
    expect(server.status()).toMatchObject({ status: 'running', pid: started.pid, url: started.url });

    const again = await server.start();
    expect(again).toMatchObject({ status: 'running', pid: started.pid, url: started.url });
    expect(counts).toEqual({ installs: 1, launches: 1, shutdowns: 0 });

    expect(await server.stop()).toBe(true);
    expect(pidAlive(started.pid!, MATCH)).toBe(false);
    expect(server.status()).toMatchObject({ status: 'stopped' });
    expect(await server.stop()).toBe(false);
  });

  it('uses the server its env var names and never starts or stops one', async () => {
    const { server, counts } = fakeServer('beta');
    process.env.KORA_FAKE_BETA_URL = 'fake://elsewhere:1';
    expect(server.status()).toEqual({ name: 'beta', status: 'external', url: 'fake://elsewhere:1' });
    expect(await server.start()).toEqual({ name: 'beta', status: 'external', url: 'fake://elsewhere:1' });
    expect(await server.stop()).toBe(false);
    expect(counts).toEqual({ installs: 0, launches: 0, shutdowns: 0 });
  });

  it('does not count its own server as external when the env var holds its address', async () => {
    const { server } = fakeServer('gamma');
    const started = await server.start();
    process.env.KORA_FAKE_GAMMA_URL = started.url;
    expect(server.status()).toMatchObject({ status: 'running', pid: started.pid });
    expect(await server.start()).toMatchObject({ status: 'running', pid: started.pid });
  });

  it('stops a server that is alive but does not answer, and starts a new one', async () => {
    const { server, counts, control } = fakeServer('delta');
    const first = await server.start();
    control.answering = false;
    const second = await server.start();
    expect(second.status).toBe('started');
    expect(second.pid).not.toBe(first.pid);
    expect(pidAlive(first.pid!, MATCH)).toBe(false);
    expect(counts.shutdowns).toBe(1);
  });
});

describe('startTogether', () => {
  it('stops what it started when another server fails, and names the failure', async () => {
    const ok = fakeServer('epsilon');
    const broken = fakeServer('zeta', { fails: true });
    await expect(startTogether([ok.server, broken.server])).rejects.toThrow(/could not start servers\nzeta: zeta would not start/);
    expect(ok.counts).toMatchObject({ launches: 1, shutdowns: 1 });
    expect(ok.server.status().status).toBe('stopped');
  });

  it('leaves alone a server that was already running before it', async () => {
    const running = fakeServer('eta');
    const before = await running.server.start();
    const broken = fakeServer('theta', { fails: true });
    await expect(startTogether([running.server, broken.server])).rejects.toThrow(/theta/);
    expect(running.server.status()).toMatchObject({ status: 'running', pid: before.pid });
    expect(running.counts.shutdowns).toBe(0);
  });

  it('resolves every server when all start, each with its own options', async () => {
    const a = fakeServer('iota');
    const b = fakeServer('kappa');
    const results = await startTogether([a.server, b.server], { iota: { fresh: false } });
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['iota', 'started'],
      ['kappa', 'started'],
    ]);
    expect([a.control.fresh, b.control.fresh]).toEqual([false, true]);
  });
});
