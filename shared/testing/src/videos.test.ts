import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeVideo, type MakeVideoOptions } from './videos.js';

describe('makeVideo', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kora-videos-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes a clip once and gives the same bytes again without ffmpeg', async () => {
    vi.stubEnv('KORA_TEST_VIDEOS', path.join(dir, 'made'));
    const options: MakeVideoOptions = { duration: 1, width: 64, height: 48, container: 'mp4', audio: false, fps: 5 };
    const first = await makeVideo(dir, options);
    expect(first.subarray(4, 8).toString('latin1')).toBe('ftyp');
    vi.stubEnv('PATH', dir); // no ffmpeg on it: only the clip already made can answer
    expect((await makeVideo(dir, options)).equals(first)).toBe(true);
    await expect(makeVideo(dir, { ...options, fps: 6 })).rejects.toThrow(/ENOENT|ffmpeg/);
  });
});
