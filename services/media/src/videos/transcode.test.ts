import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobeFile, makeVideo } from '../test-support.js';
import { VideoRejectedError, videoFailureTexts } from './failures.js';
import { transcodeToMp4 } from './transcode.js';

describe('transcodeToMp4', () => {
  let dir: string;
  let input: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kora-media-transcode-'));
    input = path.join(dir, 'in.mp4');
    await writeFile(input, await makeVideo(dir, { duration: 3, width: 640, height: 480, container: 'mp4', audio: true }));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const job = (overrides: Partial<Parameters<typeof transcodeToMp4>[0]>) => ({
    ffmpegPath: 'ffmpeg',
    input,
    mime: 'video/mp4',
    output: path.join(dir, `out-${Math.random().toString(36).slice(2)}.mp4`),
    size: { width: 640, height: 480 },
    withAudio: true,
    durationSeconds: 3,
    timeoutSeconds: 600,
    ...overrides,
  });

  it('kills ffmpeg after its time limit and calls the video too slow (no retry)', async () => {
    const output = path.join(dir, 'killed.mp4');
    const error = await transcodeToMp4(job({ output, timeoutSeconds: 0.05 })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(VideoRejectedError);
    expect((error as VideoRejectedError).reason).toBe(videoFailureTexts.tooSlow);
    // Killed, not waited for: the 3 s clip was never finished into a readable file.
    await expect(ffprobeFile(output)).rejects.toThrow();
  });

  it('fails, without crashing the process, when ffmpeg cannot be started', async () => {
    const error = await transcodeToMp4(job({ ffmpegPath: path.join(dir, 'no-such-ffmpeg') })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(VideoRejectedError);
    expect((error as Error).message).toMatch(/cannot be run: ENOENT/);
  });

  it('reports progress from 0 to 1 as it goes', async () => {
    const seen: number[] = [];
    const output = path.join(dir, 'progress.mp4');
    await transcodeToMp4(job({ output, onProgress: (f) => seen.push(f) }));
    expect((await stat(output)).size).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((f) => f >= 0 && f <= 1)).toBe(true);
    expect(seen.at(-1)).toBeGreaterThan(0.9);
  });

  it('stops after maxSeconds of output (the length rule never pays for more)', async () => {
    const output = path.join(dir, 'capped.mp4');
    const seen: number[] = [];
    await transcodeToMp4(job({ output, maxSeconds: 1.5, onProgress: (f) => seen.push(f) }));
    const duration = Number((await ffprobeFile(output)).format.duration);
    expect(duration).toBeGreaterThan(1.4);
    expect(duration).toBeLessThan(1.7);
    // Progress is measured against what will be made, not the whole input.
    expect(seen.at(-1)).toBeGreaterThan(0.9);
  });
});
