import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../test-support.js';
import { VideoRejectedError, videoFailureTexts } from './failures.js';
import { probeVideo } from './probe.js';

describe('probeVideo', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kora-media-probe-'));
    await writeFile(file('clip.mp4'), await makeVideo(dir, { duration: 1, width: 320, height: 240, container: 'mp4', audio: true }));
    await writeFile(file('silent.webm'), await makeVideo(dir, { duration: 1, width: 160, height: 90, container: 'webm', audio: false }));
    await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac', file('sound.m4a')]);
    await writeFile(file('text.mp4'), 'this is not a video\n'.repeat(100));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads the container, duration, size and streams', async () => {
    const probe = await probeVideo('ffprobe', file('clip.mp4'), 'video/mp4');
    expect(probe.format).toContain('mp4');
    expect(probe.durationSeconds).toBeCloseTo(1, 0);
    expect(probe.bytes).toBeGreaterThan(0);
    expect(probe.video).toEqual({ codec: 'h264', width: 320, height: 240, displayWidth: 320, displayHeight: 240 });
    expect(probe.audio).toMatchObject({ codec: 'aac' });
    const silent = await probeVideo('ffprobe', file('silent.webm'), 'video/webm');
    expect([silent.video.codec, silent.audio]).toEqual(['vp8', null]);
  });

  it.each([
    ['garbage', 'text.mp4', 'video/mp4'],
    ['sound without a picture', 'sound.m4a', 'video/mp4'],
    ['a WebM opened as what its magic bytes said it was not', 'clip.mp4', 'video/webm'],
  ])('refuses %s as unreadable (a final failure)', async (_name, name, mime) => {
    const error = await probeVideo('ffprobe', file(name), mime).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(VideoRejectedError);
    expect((error as VideoRejectedError).reason).toBe(videoFailureTexts.unreadable);
  });

  it('treats a missing ffprobe as a fault of the machine (retried), not of the file', async () => {
    const error = await probeVideo(file('no-such-ffprobe'), file('clip.mp4'), 'video/mp4').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(VideoRejectedError);
    expect((error as Error).message).toMatch(/ffprobe could not start .*ENOENT/);
  });
});
