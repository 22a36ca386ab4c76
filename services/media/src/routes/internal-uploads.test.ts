/**
 * The internal API for siblings (decision 022): `POST /internal/uploads`, `GET /internal/videos`,
 * `POST /internal/uploads/remove`. Signed sibling calls only: anonymous callers and members are
 * refused (403) before their input is looked at.
 */
import { ErrorCode, featureOffMessage, reelTexts, storyTexts } from '@kora/contracts';
import { memberIdentity, testTarget, type TestService } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaSchema } from '../db/schema.js';
import type { LocalDiskStorage } from '../storage/local-disk.js';
import { type FilePart, makeImage, mp4Header, multipartBody, type QueuedMedia, serviceCall, startQueuedMedia } from '../test-support.js';
import { videoFailureTexts } from '../videos/failures.js';

const target = testTarget();
const MEMBER = 7170;

describe(`media: internal uploads, video lookup and removal (${target})`, () => {
  let svc: TestService;
  let dir: string;
  let storage: LocalDiskStorage;
  let media: QueuedMedia | undefined;

  beforeAll(async () => {
    // Videos are only queued here; the worker has its own tests.
    ({ svc, dir, storage } = media = await startQueuedMedia('kora-media-internal-uploads-'));
  });
  afterAll(() => media?.close());
  afterEach(() => vi.restoreAllMocks());

  const sibling = () => serviceCall(svc.ctx.env.INTERNAL_SECRET, 'stories-reels');
  const callers = () => ({ anonymous: {}, member: svc.as(memberIdentity(MEMBER)) });
  const mp4 = (bytes = 4096) => Buffer.concat([mp4Header(), randomBytes(bytes)]);
  const part = (data: Buffer, rest: Partial<FilePart> = {}): FilePart => ({
    field: 'file',
    filename: 'clip.mp4',
    contentType: 'video/mp4',
    ...rest,
    data,
  });

  function handOver(query: string, parts: FilePart[], headers: Record<string, string> = sibling()) {
    const body = multipartBody(parts);
    return svc.app.inject({
      method: 'POST',
      url: `/internal/uploads?${query}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }
  const lookup = (url: string, headers: Record<string, string> = sibling()) =>
    svc.app.inject({ method: 'GET', url: `/internal/videos?url=${encodeURIComponent(url)}`, headers });
  const remove = (urls: string[], headers: Record<string, string> = sibling()) =>
    svc.app.inject({ method: 'POST', url: '/internal/uploads/remove', headers, payload: { urls } });

  async function videoRow(id: number) {
    const { videos } = mediaSchema(svc.ctx.schema);
    const [row] = await svc.ctx.db.select().from(videos).where(eq(videos.id, id));
    return row!;
  }
  const onDisk = async (key: string) =>
    (await readdir(path.join(dir, path.dirname(key))).catch(() => [] as string[])).includes(path.basename(key));
  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

  describe('POST /internal/uploads', () => {
    it("stores a story's photo and a story's video for the member named, under the story's rules", async () => {
      const image = await handOver(`purpose=story&uploaderId=${MEMBER}`, [
        part(await makeImage({ format: 'jpeg', width: 40, height: 30 }), { contentType: 'image/jpeg', filename: 'a.jpg' }),
      ]);
      expect(image.statusCode, image.body).toBe(201);
      expect(image.json()).toEqual({
        url: expect.stringMatching(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/),
        type: 'image',
        videoId: null,
        width: 40,
        height: 30,
        placeholder: expect.any(String),
        widths: [40],
        formats: ['avif', 'webp'],
      });

      const clip = await handOver(`purpose=story&uploaderId=${MEMBER}`, [part(mp4())]);
      expect(clip.statusCode, clip.body).toBe(201);
      expect(clip.json()).toMatchObject({ type: 'video', videoId: expect.any(Number), url: expect.stringMatching(/^\/uploads\/videos\//) });
      expect(await videoRow(clip.json().videoId)).toMatchObject({ uploaderId: MEMBER, purpose: 'story', status: 'processing' });
    });

    it("applies the purpose's rules: a reel's types, one file, the feature switch", async () => {
      const notVideo = await handOver(`purpose=reel&uploaderId=${MEMBER}`, [
        part(await makeImage({ format: 'png', width: 8, height: 8 }), { contentType: 'image/png' }),
      ]);
      expect(notVideo.statusCode).toBe(415);
      expect(notVideo.json().message).toBe(reelTexts.onlyTypes);
      const two = await handOver(`purpose=story&uploaderId=${MEMBER}`, [part(mp4()), part(mp4())]);
      expect(two.statusCode).toBe(400);
      expect(two.json().message).toBe(storyTexts.oneFile);
      const none = await handOver(`purpose=story&uploaderId=${MEMBER}`, [part(mp4(), { field: 'other' })]);
      expect(none.statusCode).toBe(400);
      expect(none.json().code).toBe('FILE_REQUIRED');

      const current = svc.ctx.siteSettings.current();
      vi.spyOn(svc.ctx.siteSettings, 'current').mockReturnValue({ ...current, features: { ...current.features, stories: false } });
      const off = await handOver(`purpose=story&uploaderId=${MEMBER}`, [part(mp4())]);
      expect(off.statusCode).toBe(404);
      expect(off.json()).toMatchObject({ code: ErrorCode.FeatureDisabled, message: featureOffMessage('stories') });
    });

    it('refuses a bad purpose or uploader (400)', async () => {
      for (const query of ['purpose=avatar&uploaderId=1', 'purpose=story&uploaderId=0', 'purpose=story', 'uploaderId=5']) {
        const res = await handOver(query, [part(mp4())]);
        expect(res.statusCode, query).toBe(400);
      }
    });

    it('refuses anonymous callers and members (403), storing nothing', async () => {
      const before = await readdir(dir, { recursive: true });
      for (const [who, headers] of Object.entries(callers())) {
        const res = await handOver(`purpose=story&uploaderId=${MEMBER}`, [part(mp4())], headers);
        expect(res.statusCode, who).toBe(403);
        expect(res.json().code).toBe(ErrorCode.Forbidden);
      }
      expect(await readdir(dir, { recursive: true })).toEqual(before);
    });
  });

  describe('GET /internal/videos', () => {
    it('answers a video by its URL: uploader, purpose, the uploaded type and size, state', async () => {
      const file = mp4();
      const up = (await handOver(`purpose=reel&uploaderId=${MEMBER}`, [part(file)])).json();
      const res = await lookup(up.url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        id: up.videoId,
        url: up.url,
        uploaderId: MEMBER,
        purpose: 'reel',
        sourceMime: 'video/mp4',
        sourceBytes: file.length,
        status: 'processing',
        posterUrl: null,
        durationSeconds: null,
        width: null,
        height: null,
        error: null,
      });
    });

    it('answers 404 for a URL that names no video (unknown, an image, a foreign path)', async () => {
      for (const url of [
        `/uploads/videos/${'a'.repeat(32)}.mp4`,
        `/uploads/images/${'b'.repeat(32)}.webp`,
        '/etc/passwd',
        '/uploads/videos/../../x.mp4',
      ]) {
        const res = await lookup(url);
        expect(res.statusCode, url).toBe(404);
      }
    });

    it('refuses anonymous callers and members (403)', async () => {
      for (const [who, headers] of Object.entries(callers())) {
        expect((await lookup(`/uploads/videos/${'a'.repeat(32)}.mp4`, headers)).statusCode, who).toBe(403);
      }
    });
  });

  describe('POST /internal/uploads/remove', () => {
    it("removes a story's image, and a video with its poster and waiting upload; twice is harmless", async () => {
      const image = (
        await handOver(`purpose=story&uploaderId=${MEMBER}`, [
          part(await makeImage({ format: 'png', width: 8, height: 8 }), { contentType: 'image/png' }),
        ])
      ).json();
      const clip = (await handOver(`purpose=story&uploaderId=${MEMBER}`, [part(mp4())])).json();
      const hex = keyOf(clip.url).slice('videos/'.length, -'.mp4'.length);
      // As if the worker had made the poster already (the MP4 is still to come).
      await storage.put(`videos/${hex}-poster.jpg`, Buffer.from('poster'), 'image/jpeg');
      expect(await onDisk(`incoming/${hex}.bin`)).toBe(true);

      const first = await remove([image.url, clip.url, `/uploads/images/${'c'.repeat(32)}.webp`]);
      expect(first.statusCode, first.body).toBe(200);
      // The image and its AVIF (decision 044), the upload waiting and the poster.
      expect(first.json()).toEqual({ removed: 4 });
      expect(await onDisk(keyOf(image.url))).toBe(false);
      expect(await onDisk(keyOf(image.url).replace('.webp', '.avif'))).toBe(false);
      expect(await onDisk(`incoming/${hex}.bin`)).toBe(false);
      expect(await onDisk(`videos/${hex}-poster.jpg`)).toBe(false);
      // The worker will not make files nobody removes: the video is over.
      expect(await videoRow(clip.videoId)).toMatchObject({ status: 'failed', error: videoFailureTexts.removed });

      expect((await remove([image.url, clip.url])).json()).toEqual({ removed: 0 });
    });

    it('refuses anything but our own image and video URLs (400), removing nothing', async () => {
      const image = (
        await handOver(`purpose=story&uploaderId=${MEMBER}`, [
          part(await makeImage({ format: 'png', width: 8, height: 8 }), { contentType: 'image/png' }),
        ])
      ).json();
      await writeFile(path.join(dir, 'outside.txt'), 'keep me');
      const foreign = [
        '/uploads/profile/' + 'd'.repeat(32) + '.webp',
        `/uploads/incoming/${'e'.repeat(32)}.bin`,
        '/uploads/images/../../outside.txt',
        '/uploads/images/%2e%2e/outside.txt',
        '/etc/passwd',
        'images/' + 'f'.repeat(32) + '.webp',
        'https://elsewhere.example/uploads/images/' + 'a'.repeat(32) + '.webp',
      ];
      for (const url of foreign) {
        const res = await remove([image.url, url]);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe('UPLOAD_URL_INVALID');
      }
      expect(await onDisk(keyOf(image.url))).toBe(true);
      expect(await onDisk('outside.txt')).toBe(true);
      expect((await remove([])).statusCode).toBe(400);
    });

    it('refuses anonymous callers and members (403)', async () => {
      const image = (
        await handOver(`purpose=story&uploaderId=${MEMBER}`, [
          part(await makeImage({ format: 'png', width: 8, height: 8 }), { contentType: 'image/png' }),
        ])
      ).json();
      for (const [who, headers] of Object.entries(callers())) {
        expect((await remove([image.url], headers)).statusCode, who).toBe(403);
      }
      expect(await onDisk(keyOf(image.url))).toBe(true);
    });
  });
});
