import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAccessLog, createLogger, isoTimeOncePerMs } from './logger.js';

function linesOf(file: string): Record<string, unknown>[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  } catch {
    return [];
  }
}

async function until<T>(read: () => T, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('createLogger', () => {
  it("writes a quiet process's lines out without waiting for a full block or the exit", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kora-log-')), 'service.log');
    const log = createLogger('quiet', 'info', file);
    log.info({ password: 'hunter2', userId: 7 }, 'one line');
    // Far less than a block: only the periodic flush can write it.
    const lines = await until(
      () => linesOf(file),
      (l) => l.length > 0,
      5_000,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, service: 'quiet', userId: 7, password: '[redacted]', msg: 'one line' });
    expect(new Date(String(lines[0]!.time)).toISOString()).toBe(lines[0]!.time);
  });

  it('writes access lines to the same place, at its level, in the shape of every other line', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kora-log-')), 'gateway.log');
    const log = createLogger('gateway', 'info', file);
    const access = createAccessLog(log);
    const line = { traceId: 't-1', method: 'GET', url: '/api/search?q="quoted" \\ \n', status: 200, ms: 3, aborted: false };
    access.write('info', line);
    access.write('debug', { ...line, traceId: 't-debug' });
    access.write('error', { ...line, traceId: 't-2', status: 502, aborted: true });
    log.info({ userId: 7 }, 'general');
    const lines = await until(
      () => linesOf(file),
      (l) => l.length >= 3,
      5_000,
    );
    expect(lines).toHaveLength(3);
    const { time, ...first } = lines[0]!;
    expect(first).toEqual({
      level: 30,
      service: 'gateway',
      traceId: 't-1',
      method: 'GET',
      url: line.url,
      status: 200,
      ms: 3,
      msg: 'request completed',
    });
    expect(new Date(String(time)).toISOString()).toBe(time);
    expect(lines[1]).toMatchObject({ level: 50, traceId: 't-2', status: 502, aborted: true });
    expect(lines[2]).toMatchObject({ level: 30, service: 'gateway', userId: 7, msg: 'general' });
  });
});

describe('logDestination', () => {
  it('writes what is still gathering when the process exits at once, to a file in a folder it makes', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kora-log-')), 'new-folder', 'exit.log');
    // The one thread of libuv's pool is kept busy, as a loaded process's may be: a block handed to
    // it would still be waiting there at the exit, while the rest is written synchronously.
    const script = `import { createLogger } from ${JSON.stringify(new URL('./logger.ts', import.meta.url).href)};
      import { pbkdf2 } from 'node:crypto';
      pbkdf2('busy', 'salt', 1_000_000, 64, 'sha512', () => {});
      const log = createLogger('exiting', 'info', ${JSON.stringify(file)});
      for (let i = 0; i < 5_000; i++) log.info({ i }, 'line');
      process.exit(3);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
    });
    expect(run.status).toBe(3);
    const lines = linesOf(file);
    expect(lines).toHaveLength(5_000);
    expect(lines.map((line) => line.i)).toEqual([...Array(5_000).keys()]);
  });

  it('keeps lines whole and in order across many blocks, with text outside Latin-1', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kora-log-')), 'many.log');
    const log = createLogger('busy', 'info', file);
    const name = 'Ọlájídé Ẹ̀kọ́ 🎉';
    for (let i = 0; i < 5_000; i++) log.info({ i, name }, 'line');
    const lines = await until(
      () => linesOf(file),
      (l) => l.length >= 5_000,
      10_000,
    );
    expect(lines.map((line) => line.i)).toEqual([...Array(5_000).keys()]);
    expect(new Set(lines.map((line) => line.name))).toEqual(new Set([name]));
  });
});

describe('isoTimeOncePerMs', () => {
  it("is pino's ISO time field, for the current millisecond", () => {
    const before = Date.now();
    const field = isoTimeOncePerMs();
    const time = Date.parse(/^,"time":"(.+)"$/.exec(field)![1]!);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });
});
