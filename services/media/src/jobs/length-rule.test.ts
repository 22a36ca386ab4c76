/**
 * The worker's rules by purpose (decision 022), on real videos made by ffmpeg in the test (tiny and
 * at a low frame rate where the picture does not matter, so long clips stay quick): a reel fitted
 * inside 1080x1920; a reel over 90 s and a story video over 60 s refused for good with their texts;
 * the real length judged, not the container's claim, either way it lies; a post's video up to 30
 * minutes, so a tiny file that really runs 10 hours cannot hold a worker.
 */
import { mediaTexts, reelTexts, storyTexts, type VideoStatus } from '@kora/contracts';
import { claimDuration, memberIdentity, readUntil, startTestService, testTarget, truncated, type TestService } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService } from '../app.js';
import { mediaSchema } from '../db/schema.js';
import { createLocalDiskStorage, type LocalDiskStorage } from '../storage/local-disk.js';
import { ffprobeFile, makeVideo, multipartBody, type MakeVideoOptions } from '../test-support.js';
import { longTinyVideo, timestampGapVideo, videoClaiming } from '../../../../tests/support/hostile-files.js';
import { videoFailureTexts } from '../videos/failures.js';

const target = testTarget();
const UPLOADER = 5353;
/** Transcodes share the machine with the other test files and stages: be patient. */
const PROCESSING = 240_000;
/**
 * A test's own limit: each wait for a video to settle, plus making its clips. Above the waits, so a
 * video still processing fails on its status (with the stored row's attempts and progress), not on
 * a bare timeout.
 */
const budget = (settles: number) => settles * PROCESSING + 60_000;

describe(`media: the worker's rules by purpose (${target})`, () => {
  let svc: TestService;
  let dir: string;
  let sources: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kora-media-length-'));
    sources = await mkdtemp(path.join(dir, 'sources-'));
    storage = createLocalDiskStorage(path.join(dir, 'media'));
    svc = await startTestService(createMediaService({ storage }));
  });
  afterAll(async () => {
    await svc?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Tiny and at 2 frames a second unless said otherwise: the length is what matters. */
  const clip = (options: Partial<MakeVideoOptions> & { duration: number }) =>
    makeVideo(sources, { width: 96, height: 160, container: 'mp4', audio: true, fps: 2, ...options });

  async function uploadClip(purpose: 'post' | 'story' | 'reel', data: Buffer) {
    const body = multipartBody([{ field: 'files', filename: 'clip.mp4', contentType: 'video/mp4', data }]);
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/media/upload?purpose=${purpose}`,
      headers: { ...svc.as(memberIdentity(UPLOADER)), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().files[0] as { url: string; videoId: number };
  }

  /** The video's status once it is no longer processing, or after PROCESSING ms, whichever is first. */
  async function settled(id: number): Promise<VideoStatus> {
    const last = await readUntil(
      async () => {
        const res = await svc.app.inject({ method: 'GET', url: `/api/media/videos/${id}`, headers: svc.as(memberIdentity(7)) });
        return res.json<VideoStatus>();
      },
      (status) => status.status !== 'processing',
      PROCESSING,
      200,
    );
    if (last.status === 'processing') {
      const { status, attempts, progress, error } = await row(id);
      expect.fail(`video ${id} still processing after ${PROCESSING} ms: ${JSON.stringify({ status, attempts, progress, error })}`);
    }
    return last;
  }

  async function row(id: number) {
    const { videos } = mediaSchema(svc.ctx.schema);
    const [found] = await svc.ctx.db.select().from(videos).where(eq(videos.id, id));
    return found!;
  }

  async function failedEvent(videoId: number) {
    const rows = await svc.ctx.db.select().from(svc.ctx.tables.outbox);
    return rows
      .map((r) => r.envelope as { type: string; aggregateId: string; payload: Record<string, unknown> })
      .find((e) => e.type === 'video.failed' && e.aggregateId === String(videoId));
  }

  const filesOf = async (url: string) => {
    const hex = url.split('/').at(-1)!.slice(0, 32);
    const lists = await Promise.all(
      ['videos', 'incoming'].map((area) => readdir(path.join(storage.root, area)).catch(() => [] as string[])),
    );
    return lists.flat().filter((f) => f.startsWith(hex));
  };

  /** Refused for good with `reason`: one attempt, video.failed with the purpose, no file left. */
  async function expectRefused(upload: { url: string; videoId: number }, purpose: string, reason: string) {
    const failed = await settled(upload.videoId);
    expect(failed).toMatchObject({ status: 'failed', error: reason, durationSeconds: null, posterUrl: null });
    const stored = await row(upload.videoId);
    expect(stored).toMatchObject({ status: 'failed', attempts: 1, error: reason, purpose });
    expect((await failedEvent(upload.videoId))?.payload).toEqual({
      videoId: upload.videoId,
      url: upload.url,
      uploaderId: UPLOADER,
      purpose,
      reason,
    });
    expect(await filesOf(upload.url)).toEqual([]);
    return stored;
  }

  it(
    'fits a 9:16 reel inside 1080x1920, H.264/AAC, still 9:16',
    async () => {
      const upload = await uploadClip('reel', await clip({ duration: 5, width: 1440, height: 2560, fps: 5 }));
      const ready = await settled(upload.videoId);
      expect(ready).toMatchObject({ status: 'ready', width: 1080, height: 1920 });
      expect(ready.durationSeconds!).toBeCloseTo(5, 0);
      const probed = await ffprobeFile(path.join(storage.root, upload.url.replace(/^\/uploads\//, '')));
      const picture = probed.streams.find((s) => s.codec_type === 'video')!;
      expect([picture.codec_name, picture.width, picture.height]).toEqual(['h264', 1080, 1920]);
      expect(picture.width! / picture.height!).toBeCloseTo(9 / 16, 3);
      expect(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
      // The same clip as a post keeps the 720p box.
      const post = await uploadClip('post', await clip({ duration: 1, width: 1440, height: 2560, fps: 5 }));
      expect(await settled(post.videoId)).toMatchObject({ status: 'ready', width: 720, height: 1280 });
    },
    budget(2),
  );

  it(
    'takes a reel of exactly 90 s',
    async () => {
      const upload = await uploadClip('reel', await clip({ duration: 90 }));
      const ready = await settled(upload.videoId);
      expect(ready.status, ready.error ?? '').toBe('ready');
      expect(ready.durationSeconds!).toBeCloseTo(90, 0);
    },
    budget(1),
  );

  it(
    'refuses a 95 s reel with the reel text, for good, without transcoding it (its packets confirm the claim)',
    async () => {
      const stored = await expectRefused(await uploadClip('reel', await clip({ duration: 95 })), 'reel', reelTexts.tooLong);
      expect(reelTexts.tooLong).toBe('Reels can be up to 90 seconds');
      // Refused before the transcode reported its first step.
      expect(stored.progress).toBe(0);
    },
    budget(1),
  );

  it(
    'refuses a 65 s story video with the story text; a 65 s post video is fine',
    async () => {
      const source = await clip({ duration: 65 });
      await expectRefused(await uploadClip('story', source), 'story', storyTexts.videoTooLong);
      const post = await uploadClip('post', source);
      expect(await settled(post.videoId)).toMatchObject({ status: 'ready' });
    },
    budget(2),
  );

  it(
    'judges a container claiming 5 s while it plays 95 s by its real length: refused after at most 91 s of transcode',
    async () => {
      const liar = claimDuration(await clip({ duration: 95 }), 5);
      const stored = await expectRefused(await uploadClip('reel', liar), 'reel', reelTexts.tooLong);
      // It went through the transcode (the claim gave no reason to check first).
      expect(stored.progress).toBeGreaterThan(0);
    },
    budget(1),
  );

  it(
    'judges a container claiming 10 hours while it plays 12 s by its real length: ready',
    async () => {
      const liar = claimDuration(await clip({ duration: 12 }), 36_000);
      const upload = await uploadClip('reel', liar);
      const ready = await settled(upload.videoId);
      expect(ready.status, ready.error ?? '').toBe('ready');
      expect(ready.durationSeconds!).toBeCloseTo(12, 0);
    },
    budget(1),
  );

  it(
    'refuses, without transcoding, a post video that really runs 10 hours in a few hundred KB',
    async () => {
      const long = await longTinyVideo(sources);
      expect(long.length).toBeLessThan(1024 * 1024);
      const stored = await expectRefused(await uploadClip('post', long), 'post', mediaTexts.videoTooLong);
      expect(stored.progress).toBe(0);
    },
    budget(1),
  );

  it(
    'makes a post video whose last frame is stamped 10 hours in no longer than what really decodes',
    async () => {
      const ready = await settled((await uploadClip('post', await timestampGapVideo(sources))).videoId);
      expect(ready.status, ready.error ?? '').toBe('ready');
      expect(ready.durationSeconds!).toBeLessThan(5);
    },
    budget(1),
  );

  it(
    'makes a post video that claims 10 hours but plays 2 s ready, with its real length',
    async () => {
      const ready = await settled((await uploadClip('post', await videoClaiming(sources))).videoId);
      expect(ready.status, ready.error ?? '').toBe('ready');
      expect(ready.durationSeconds!).toBeCloseTo(2, 0);
    },
    budget(1),
  );

  it(
    'fails a truncated reel as unreadable, once',
    async () => {
      await expectRefused(await uploadClip('reel', truncated(await clip({ duration: 4 }), 0.3)), 'reel', videoFailureTexts.unreadable);
    },
    budget(1),
  );
});
