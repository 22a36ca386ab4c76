import { claimDuration, truncated } from '@kora/testing';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../test-support.js';
import { copyLengthSeconds } from './copy-length.js';

describe('copyLengthSeconds (the real length without decoding)', () => {
  let dir: string;
  let clip: Buffer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kora-media-copy-length-'));
    clip = await makeVideo(dir, { duration: 12, width: 64, height: 64, container: 'mp4', audio: true, fps: 5 });
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const measure = async (data: Buffer, mime = 'video/mp4') => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.bin`);
    await writeFile(file, data);
    return copyLengthSeconds('ffmpeg', file, mime, 60);
  };

  it('says where the last picture starts: one frame short of the end, never longer', async () => {
    const seconds = (await measure(clip))!;
    expect(seconds).toBeGreaterThan(11.7);
    expect(seconds).toBeLessThanOrEqual(12);
  });

  it("is not fooled by a container's claim, short or long", async () => {
    for (const claim of [3, 36_000]) {
      const seconds = (await measure(claimDuration(clip, claim)))!;
      expect(seconds, `claims ${claim} s`).toBeGreaterThan(11.7);
      expect(seconds).toBeLessThanOrEqual(12);
    }
  });

  it('is null when it cannot tell (unreadable, cut off before its index)', async () => {
    expect(await measure(Buffer.from('not a video at all'))).toBeNull();
    expect(await measure(truncated(clip, 0.5))).toBeNull();
  });
});
