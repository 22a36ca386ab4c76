import { createTestAdapters, eventually } from '@kora/testing';
import { describe, expect, it } from 'vitest';

// On the test target's runner: in-process when embedded, BullMQ under KORA_TEST_TARGET=real.
describe(`JobRunner.repeat (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  it('adds a job every period with its data, one schedule however often it is declared, none after close', async () => {
    const adapters = await createTestAdapters();
    const { jobs } = adapters;
    const seen: { at: number; data: unknown }[] = [];
    try {
      jobs.register<{ run: string }>('test.tick', async (job) => void seen.push({ at: Date.now(), data: job.data }), {
        concurrency: 1,
        attempts: 1,
      });
      await jobs.start();
      const since = Date.now();
      await jobs.repeat('test.tick', 'every-300ms', { run: 'first' }, { everyMs: 300 });
      // Declared again (a restart, a second replica): replaces, never doubles.
      await jobs.repeat('test.tick', 'every-300ms', { run: 'again' }, { everyMs: 300 });
      await eventually(() => seen.length >= 3, 10_000);
      const elapsed = Date.now() - since;
      // One schedule gives about elapsed/300 jobs (one more if the first comes at once); two would give twice that.
      expect(seen.length).toBeLessThanOrEqual(Math.floor(elapsed / 300) + 2);
      expect(seen.at(-1)!.data).toEqual({ run: 'again' });
    } finally {
      await adapters.close();
    }
    const after = seen.length;
    await new Promise((r) => setTimeout(r, 700));
    expect(seen.length).toBe(after);
  });

  it('refuses a schedule on a queue nobody declared', async () => {
    const adapters = await createTestAdapters();
    try {
      await expect(adapters.jobs.repeat('test.unknown', 'x', {}, { everyMs: 1_000 })).rejects.toThrow(/Unknown queue/);
    } finally {
      await adapters.close();
    }
  });
});
