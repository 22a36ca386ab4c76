import { mediaTexts, type VideoStatus } from '@kora/contracts';
import { eventually, memberIdentity, startTestService, testTarget, type TestService } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMediaService, type MediaServiceOptions } from '../app.js';
import { createMedia } from '../context.js';
import { mediaSchema } from '../db/schema.js';
import { createLocalDiskStorage, type LocalDiskStorage } from '../storage/local-disk.js';
import { ffprobeFile, makeVideo, mp4Boxes, mp4Header, multipartBody, type MakeVideoOptions } from '../test-support.js';
import { videoFailureTexts } from '../videos/failures.js';
import { createVideoProcessor } from './process-video.js';
import { requeueUnfinished, VIDEO_QUEUE } from './video-queue.js';

const target = testTarget();
const UPLOADER = 4242;
/** Transcodes share the machine with the other test files: be patient. */
const PROCESSING = 60_000;

interface Harness {
  svc: TestService;
  dir: string;
  storage: LocalDiskStorage;
}

async function startHarness(options: Omit<MediaServiceOptions, 'storage'> = {}): Promise<Harness> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kora-media-videos-'));
  const storage = createLocalDiskStorage(path.join(dir, 'media'));
  const svc = await startTestService(createMediaService({ storage, ...options }));
  return { svc, dir, storage };
}

async function stopHarness(h: Harness | undefined): Promise<void> {
  await h?.svc.close();
  if (h?.dir) await rm(h.dir, { recursive: true, force: true });
}

async function uploadVideo(h: Harness, data: Buffer, filename = 'clip.mp4') {
  const body = multipartBody([{ field: 'files', filename, contentType: 'video/mp4', data }]);
  const res = await h.svc.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { ...h.svc.as(memberIdentity(UPLOADER)), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const file = res.json().files[0] as { url: string; type: string; videoId: number; width: null; height: null };
  expect(file).toMatchObject({ type: 'video', width: null, height: null });
  expect(file.url).toMatch(/^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/);
  return file;
}

async function status(h: Harness, id: number): Promise<VideoStatus> {
  const res = await h.svc.app.inject({ method: 'GET', url: `/api/media/videos/${id}`, headers: h.svc.as(memberIdentity(7)) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function settled(h: Harness, id: number): Promise<VideoStatus> {
  let last: VideoStatus | undefined;
  await eventually(async () => (last = await status(h, id)).status !== 'processing', PROCESSING, 100);
  return last!;
}

async function row(h: Harness, id: number) {
  const { videos } = mediaSchema(h.svc.ctx.schema);
  const [found] = await h.svc.ctx.db.select().from(videos).where(eq(videos.id, id));
  return found!;
}

async function events(h: Harness, type: string, videoId: number) {
  const rows = await h.svc.ctx.db.select().from(h.svc.ctx.tables.outbox);
  return rows
    .map((r) => ({
      envelope: r.envelope as { type: string; aggregateId: string; actorId: number | null; payload: Record<string, unknown> },
      publishedAt: r.publishedAt,
    }))
    .filter((e) => e.envelope.type === type && e.envelope.aggregateId === String(videoId));
}

/** Files of an area, as stored on disk (hidden temp files excluded). */
const filesIn = async (h: Harness, area: string) =>
  (await readdir(path.join(h.storage.root, area)).catch(() => [])).filter((f) => !f.startsWith('.'));
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
/** The random name a video's files share (`videos/<hex>.mp4`, `-poster.jpg`, `incoming/<hex>.bin`). */
const hexOf = (url: string) => url.split('/').at(-1)!.slice(0, 32);

describe(`media: video worker (${target})`, () => {
  let h: Harness;
  let sources: string;

  beforeAll(async () => {
    h = await startHarness();
    sources = await mkdtemp(path.join(tmpdir(), 'kora-media-sources-'));
  });
  afterAll(async () => {
    await stopHarness(h);
    if (sources) await rm(sources, { recursive: true, force: true });
  });

  const video = (options: MakeVideoOptions) => makeVideo(sources, options);

  it(
    'turns a real MP4 with sound into a faststart H.264/AAC MP4 with a JPEG poster, and says so',
    async () => {
      const upload = await uploadVideo(h, await video({ duration: 2, width: 320, height: 240, container: 'mp4', audio: true }));
      expect(await events(h, 'video.uploaded', upload.videoId)).toEqual([
        expect.objectContaining({
          envelope: expect.objectContaining({
            actorId: UPLOADER,
            payload: { videoId: upload.videoId, url: upload.url, uploaderId: UPLOADER, purpose: 'post' },
          }),
        }),
      ]);

      const ready = await settled(h, upload.videoId);
      expect(ready).toMatchObject({
        id: upload.videoId,
        url: upload.url,
        status: 'ready',
        progress: 100,
        width: 320,
        height: 240,
        error: null,
      });
      expect(ready.durationSeconds).toBeCloseTo(2, 0);
      expect(ready.posterUrl).toBe(upload.url.replace(/\.mp4$/, '-poster.jpg'));
      // 240 lines are already below the small rendition's 360 (never enlarged): one file plays.
      expect(ready.renditions).toEqual([{ url: upload.url, width: 320, height: 240 }]);

      // The stored MP4, as ffprobe sees it.
      const mp4File = path.join(h.storage.root, keyOf(upload.url));
      const probed = await ffprobeFile(mp4File);
      const v = probed.streams.find((s) => s.codec_type === 'video')!;
      const a = probed.streams.find((s) => s.codec_type === 'audio')!;
      expect({ codec: v.codec_name, pix: v.pix_fmt, width: v.width, height: v.height }).toEqual({
        codec: 'h264',
        pix: 'yuv420p',
        width: 320,
        height: 240,
      });
      expect(a.codec_name).toBe('aac');
      expect(Number(probed.format.duration)).toBeGreaterThan(1.8);
      expect(Number(probed.format.duration)).toBeLessThan(2.2);
      const mp4 = await readFile(mp4File);
      const boxes = mp4Boxes(mp4);
      expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
      expect(boxes.indexOf('moov'), boxes.join(',')).toBeLessThan(boxes.indexOf('mdat'));

      // The poster is a JPEG of the same size.
      const poster = await h.svc.app.inject({ method: 'GET', url: ready.posterUrl! });
      expect(poster.statusCode).toBe(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      const posterMeta = await sharp(poster.rawPayload).metadata();
      expect({ format: posterMeta.format, width: posterMeta.width, height: posterMeta.height }).toEqual({
        format: 'jpeg',
        width: 320,
        height: 240,
      });

      // Served as video/mp4 with byte ranges, for players that seek.
      const range = await h.svc.app.inject({ method: 'GET', url: upload.url, headers: { range: 'bytes=0-99' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': '100',
        'content-range': `bytes 0-99/${mp4.length}`,
      });
      expect(range.rawPayload.equals(mp4.subarray(0, 100))).toBe(true);

      // The row, the event (published), and the raw upload gone.
      expect(await row(h, upload.videoId)).toMatchObject({ status: 'ready', attempts: 1, bytes: mp4.length, width: 320, height: 240 });
      await eventually(async () => (await events(h, 'video.processed', upload.videoId)).some((e) => e.publishedAt !== null));
      const [processed] = await events(h, 'video.processed', upload.videoId);
      expect(processed!.envelope.payload).toMatchObject({
        videoId: upload.videoId,
        url: upload.url,
        uploaderId: UPLOADER,
        posterUrl: ready.posterUrl,
        width: 320,
        height: 240,
        bytes: mp4.length,
        renditions: [{ url: upload.url, width: 320, height: 240 }],
      });
      expect(processed!.envelope.payload.durationSeconds as number).toBeCloseTo(2, 0);
      const hex = hexOf(upload.url);
      expect((await filesIn(h, 'incoming')).filter((f) => f.startsWith(hex))).toEqual([]);
      expect((await filesIn(h, 'videos')).filter((f) => f.startsWith(hex)).sort()).toEqual([`${hex}-poster.jpg`, `${hex}.mp4`]);

      // A job run again for a ready video changes nothing and announces nothing.
      const before = await row(h, upload.videoId);
      const runJob = createVideoProcessor(createMedia(h.svc.ctx, { storage: h.storage }));
      await runJob({ id: 'again', name: 'media.video-process', data: { videoId: upload.videoId }, attempt: 1, progress: async () => {} });
      expect(await row(h, upload.videoId)).toEqual(before);
      expect(await events(h, 'video.processed', upload.videoId)).toHaveLength(1);
    },
    PROCESSING + 30_000,
  );

  it(
    'scales a WebM without sound down to 1280x720 and writes no audio track',
    async () => {
      const upload = await uploadVideo(
        h,
        await video({ duration: 1, width: 1600, height: 900, container: 'webm', audio: false }),
        'clip.webm',
      );
      const ready = await settled(h, upload.videoId);
      expect(ready).toMatchObject({ status: 'ready', width: 1280, height: 720 });
      const probed = await ffprobeFile(path.join(h.storage.root, keyOf(upload.url)));
      expect(probed.streams.map((s) => [s.codec_type, s.codec_name, s.width, s.height])).toEqual([['video', 'h264', 1280, 720]]);

      // Its 360p rendition (decision 044), from the same run, smallest first, served like the video.
      const small = upload.url.replace(/\.mp4$/, '-360.mp4');
      expect(ready.renditions).toEqual([
        { url: small, width: 640, height: 360 },
        { url: upload.url, width: 1280, height: 720 },
      ]);
      const smallProbe = await ffprobeFile(path.join(h.storage.root, keyOf(small)));
      expect(smallProbe.streams.map((s) => [s.codec_type, s.codec_name, s.width, s.height])).toEqual([['video', 'h264', 640, 360]]);
      expect(Number(smallProbe.format.duration)).toBeCloseTo(Number(probed.format.duration), 0);
      const served = await h.svc.app.inject({ method: 'GET', url: small, headers: { range: 'bytes=0-9' } });
      expect([served.statusCode, served.headers['content-type']]).toEqual([206, 'video/mp4']);
      const [processed] = await events(h, 'video.processed', upload.videoId);
      expect(processed!.envelope.payload.renditions).toEqual(ready.renditions);
    },
    PROCESSING + 30_000,
  );

  it(
    'turns a sideways phone video upright (rotation metadata) and keeps it portrait',
    async () => {
      const upload = await uploadVideo(h, await video({ duration: 1, width: 640, height: 360, container: 'mp4', audio: true, rotate: 90 }));
      const ready = await settled(h, upload.videoId);
      expect(ready).toMatchObject({ status: 'ready', width: 360, height: 640 });
      const v = (await ffprobeFile(path.join(h.storage.root, keyOf(upload.url)))).streams.find((s) => s.codec_type === 'video')!;
      expect([v.width, v.height]).toEqual([360, 640]);
      expect(ready.renditions).toEqual([{ url: upload.url, width: 360, height: 640 }]);
      expect(v.side_data_list?.find((d) => d.rotation)).toBeUndefined();
    },
    PROCESSING + 30_000,
  );

  it(
    'accepts a truncated MP4 at upload (its magic bytes are fine), then fails it once, with video.failed',
    async () => {
      const whole = await video({ duration: 2, width: 320, height: 240, container: 'mp4', audio: true });
      const upload = await uploadVideo(h, whole.subarray(0, 2048));
      const failed = await settled(h, upload.videoId);
      expect(failed).toEqual({
        id: upload.videoId,
        url: upload.url,
        status: 'failed',
        progress: 0,
        posterUrl: null,
        durationSeconds: null,
        width: null,
        height: null,
        error: mediaTexts.videoInvalid,
      });
      // Unreadable is final: one attempt, no retries; the upload is deleted, nothing is published.
      expect(await row(h, upload.videoId)).toMatchObject({ status: 'failed', attempts: 1, error: mediaTexts.videoInvalid });
      const [event] = await events(h, 'video.failed', upload.videoId);
      expect(event!.envelope.payload).toEqual({
        videoId: upload.videoId,
        url: upload.url,
        uploaderId: UPLOADER,
        purpose: 'post',
        reason: mediaTexts.videoInvalid,
      });
      const hex = hexOf(upload.url);
      expect((await filesIn(h, 'incoming')).filter((f) => f.startsWith(hex))).toEqual([]);
      expect((await filesIn(h, 'videos')).filter((f) => f.startsWith(hex))).toEqual([]);
      expect((await h.svc.app.inject({ method: 'GET', url: upload.url })).statusCode).toBe(404);
    },
    PROCESSING + 30_000,
  );
});

/**
 * A harness whose FFMPEG_PATH names `ffmpeg` in a folder of its own, which `prepare` fills (or
 * leaves empty, for a machine without ffmpeg yet).
 */
function harnessWithFfmpegAt(prepare: (ffmpeg: string) => Promise<void>): { readonly h: Harness; readonly ffmpeg: string } {
  const state = {} as { h: Harness; ffmpeg: string; bin: string };
  beforeAll(async () => {
    state.bin = await mkdtemp(path.join(tmpdir(), 'kora-media-bin-'));
    state.ffmpeg = path.join(state.bin, 'ffmpeg');
    await prepare(state.ffmpeg);
    state.h = await startHarness({ env: { FFMPEG_PATH: state.ffmpeg }, videoQueue: { attempts: 3, backoffMs: 50 } });
  });
  afterAll(async () => {
    await stopHarness(state.h);
    await rm(state.bin, { recursive: true, force: true });
  });
  return state;
}

describe(`media: video worker retries (${target})`, () => {
  // An ffmpeg that starts (it answers -version) but fails every transcode: a fault of the machine,
  // retried, then given up.
  const worker = harnessWithFfmpegAt((ffmpeg) =>
    writeFile(ffmpeg, '#!/bin/sh\n[ "$1" = "-version" ] && exit 0\necho "disk on fire" >&2\nexit 1\n', { mode: 0o755 }),
  );

  it(
    'retries a transient failure, marks the video failed after the last attempt and keeps the upload',
    async () => {
      const sources = await mkdtemp(path.join(tmpdir(), 'kora-media-sources-'));
      try {
        const upload = await uploadVideo(
          worker.h,
          await makeVideo(sources, { duration: 1, width: 160, height: 120, container: 'mp4', audio: false }),
        );
        const failed = await settled(worker.h, upload.videoId);
        expect(failed).toMatchObject({ status: 'failed', error: 'The video could not be processed', posterUrl: null });
        expect(await row(worker.h, upload.videoId)).toMatchObject({ status: 'failed', attempts: 3 });
        const failures = await events(worker.h, 'video.failed', upload.videoId);
        expect(failures.map((e) => e.envelope.payload.reason)).toEqual(['The video could not be processed']);
        const hex = hexOf(upload.url);
        expect(await filesIn(worker.h, 'incoming')).toEqual([`${hex}.bin`]);
      } finally {
        await rm(sources, { recursive: true, force: true });
      }
    },
    PROCESSING + 30_000,
  );
});

describe(`media: a worker started without ffmpeg (${target})`, () => {
  // FFMPEG_PATH names a program that is not there yet, as on a machine still installing it.
  const worker = harnessWithFfmpegAt(async () => {});

  it(
    'fails a video at once with a reason the uploader can read, then works as soon as ffmpeg is there',
    async () => {
      const sources = await mkdtemp(path.join(tmpdir(), 'kora-media-sources-'));
      try {
        const clip = await makeVideo(sources, { duration: 1, width: 160, height: 120, container: 'mp4', audio: false });
        const first = await uploadVideo(worker.h, clip);
        const failed = await settled(worker.h, first.videoId);
        expect(failed).toMatchObject({ status: 'failed', error: videoFailureTexts.toolsMissing });
        expect(await row(worker.h, first.videoId)).toMatchObject({ status: 'failed', attempts: 1 });
        const [event] = await events(worker.h, 'video.failed', first.videoId);
        expect(event!.envelope.payload.reason).toBe(videoFailureTexts.toolsMissing);

        // ffmpeg arrives (the install finished); the same worker, without a restart, uses it.
        await symlink(execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim(), worker.ffmpeg);
        const second = await uploadVideo(worker.h, clip);
        expect(await settled(worker.h, second.videoId)).toMatchObject({ status: 'ready', width: 160, height: 120, error: null });
      } finally {
        await rm(sources, { recursive: true, force: true });
      }
    },
    PROCESSING * 2,
  );
});

describe(`media: MEDIA_VIDEO_WORKERS=false (${target})`, () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ env: { MEDIA_VIDEO_WORKERS: 'false' } });
  });
  afterAll(() => stopHarness(h));

  it(
    'only queues videos; a worker elsewhere processes them, reporting progress as it goes',
    async () => {
      const sources = await mkdtemp(path.join(tmpdir(), 'kora-media-sources-'));
      try {
        const upload = await uploadVideo(
          h,
          await makeVideo(sources, { duration: 2, width: 320, height: 240, container: 'mp4', audio: true }),
        );
        await new Promise((r) => setTimeout(r, 500));
        expect(await status(h, upload.videoId)).toMatchObject({
          status: 'processing',
          progress: 0,
          posterUrl: null,
          durationSeconds: null,
        });

        // The worker pod: same database and storage, its own process.
        const reported: number[] = [];
        const runJob = createVideoProcessor(createMedia(h.svc.ctx, { storage: h.storage }));
        await runJob({
          id: `video-${upload.videoId}`,
          name: 'media.video-process',
          data: { videoId: upload.videoId },
          attempt: 1,
          progress: async (p) => void reported.push(p),
        });
        expect(reported[0]).toBe(2);
        expect(reported.at(-1)).toBe(90);
        expect(reported).toEqual([...reported].sort((a, b) => a - b));
        expect(await status(h, upload.videoId)).toMatchObject({ status: 'ready', progress: 100, width: 320, height: 240 });
      } finally {
        await rm(sources, { recursive: true, force: true });
      }
    },
    PROCESSING,
  );

  it('queues again, at a worker start, a video whose job could not be queued after its upload', async () => {
    vi.spyOn(h.svc.ctx.jobs, 'enqueue').mockRejectedValueOnce(new Error('redis down'));
    const stuck = await uploadVideo(h, mp4Header());
    const enqueue = vi.spyOn(h.svc.ctx.jobs, 'enqueue');
    await requeueUnfinished(createMedia(h.svc.ctx, { storage: h.storage }));
    expect(enqueue.mock.calls).toEqual([[VIDEO_QUEUE, { videoId: stuck.videoId }, { jobId: `video-${stuck.videoId}` }]]);
    vi.restoreAllMocks();
  });
});
