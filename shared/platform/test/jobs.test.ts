/** A job round trip with a retry, on the in-process runner or (KORA_TEST_TARGET=real) BullMQ on Redis. */
import { createTestAdapters, eventually, uniqueName, type TestAdapters } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe(`jobs (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let adapters: TestAdapters;
  const queue = uniqueName('transcode');
  const attempts: number[] = [];
  const done: string[] = [];

  beforeAll(async () => {
    adapters = await createTestAdapters();
    adapters.jobs.register<{ file: string }>(
      queue,
      async (job) => {
        attempts.push(job.attempt);
        if (job.attempt === 1) throw new Error('ffmpeg crashed (simulated)');
        done.push(job.data.file);
      },
      { attempts: 3, backoffMs: 50, concurrency: 1 },
    );
    await adapters.jobs.start();
  });

  afterAll(async () => {
    await adapters?.close();
  });

  it('retries a failed job and completes it on the next attempt', async () => {
    await adapters.jobs.enqueue(queue, { file: 'clip.mp4' });
    await eventually(() => done.length === 1, 20_000);
    expect(done).toEqual(['clip.mp4']);
    expect(attempts).toEqual([1, 2]);
  }, 30_000);

  it('does not add a job twice under the same job id', async () => {
    const id = uniqueName('job');
    await adapters.jobs.enqueue(queue, { file: 'a.mp4' }, { jobId: id });
    await adapters.jobs.enqueue(queue, { file: 'a.mp4' }, { jobId: id });
    await eventually(() => done.includes('a.mp4'), 20_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(done.filter((f) => f === 'a.mp4')).toHaveLength(1);
  }, 30_000);

  it('refuses a job for a queue nobody declared', async () => {
    await expect(adapters.jobs.enqueue(uniqueName('nope'), {})).rejects.toThrow(/Unknown queue/);
  });
});
