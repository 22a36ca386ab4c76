/**
 * `POST /api/media/upload?purpose=` (decision 022): a reel's own size, type and file-count rules
 * whatever the site's settings, a story's single file within them, the feature switches, and the
 * purpose recorded on the video's row and its `video.uploaded` event.
 */
import { ErrorCode, featureOffMessage, mediaTexts, reelTexts, storyTexts, type SiteSettings } from '@kora/contracts';
import { memberIdentity, testTarget, type TestService } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaSchema } from '../db/schema.js';
import { type FilePart, makeImage, mp4Header, multipartBody, type QueuedMedia, startQueuedMedia, streamed } from '../test-support.js';
import { REEL_ONE_FILE } from '../uploads/purpose-rules.js';

const target = testTarget();
const MEMBER = 6160;
const MB = 1024 * 1024;

describe(`media: upload purposes (${target})`, () => {
  let svc: TestService;
  let dir: string;
  let media: QueuedMedia | undefined;

  beforeAll(async () => {
    // Videos are only queued here; the worker has its own tests.
    ({ svc, dir } = media = await startQueuedMedia('kora-media-purpose-'));
  });
  afterAll(() => media?.close());
  afterEach(() => vi.restoreAllMocks());

  const video = (data: Buffer): FilePart => ({ field: 'files', filename: 'clip.mp4', contentType: 'video/mp4', data });
  const photo = async (): Promise<FilePart> => ({
    field: 'files',
    filename: 'p.png',
    contentType: 'image/png',
    data: await makeImage({ format: 'png', width: 16, height: 16 }),
  });
  /** An MP4 by its magic bytes, `bytes` long (the worker is off: only the route judges it). */
  const mp4Of = (bytes: number) => Buffer.concat([mp4Header(), randomBytes(bytes - mp4Header().length)]);

  function upload(purpose: string, parts: FilePart[], options: { stream?: boolean; headers?: Record<string, string> } = {}) {
    const body = multipartBody(parts);
    return svc.app.inject({
      method: 'POST',
      url: `/api/media/upload?purpose=${purpose}`,
      headers: { ...(options.headers ?? svc.as(memberIdentity(MEMBER))), ...body.headers },
      payload: options.stream ? streamed(body.payload) : body.payload,
    });
  }

  /** Pins the site settings (on the real broker the settings topic is shared with other runs). */
  function withSettings(change: { storage?: Partial<SiteSettings['storage']>; features?: Partial<SiteSettings['features']> }) {
    const current = svc.ctx.siteSettings.current();
    vi.spyOn(svc.ctx.siteSettings, 'current').mockReturnValue({
      ...current,
      storage: { ...current.storage, ...change.storage },
      features: { ...current.features, ...change.features },
    });
  }

  async function videoRow(id: number) {
    const { videos } = mediaSchema(svc.ctx.schema);
    const [row] = await svc.ctx.db.select().from(videos).where(eq(videos.id, id));
    return row!;
  }

  async function uploadedEvent(videoId: number) {
    const rows = await svc.ctx.db.select().from(svc.ctx.tables.outbox);
    return rows
      .map((r) => r.envelope as { type: string; aggregateId: string; payload: Record<string, unknown> })
      .find((e) => e.type === 'video.uploaded' && e.aggregateId === String(videoId));
  }

  const storedCount = async () => {
    const areas = await readdir(dir).catch(() => []);
    const lists = await Promise.all(areas.map(async (area) => (await readdir(path.join(dir, area))).filter((f) => !f.startsWith('.'))));
    return lists.flat().length;
  };

  describe('reel', () => {
    it("takes a 2 MB video while the site's limit is 1 MB, and records it as a reel", async () => {
      withSettings({ storage: { maxUploadMB: 1 } });
      const res = await upload('reel', [video(mp4Of(2 * MB))]);
      expect(res.statusCode, res.body).toBe(201);
      const [file] = res.json().files;
      expect(file).toMatchObject({ type: 'video', videoId: expect.any(Number) });
      expect(await videoRow(file.videoId)).toMatchObject({ purpose: 'reel', uploaderId: MEMBER, status: 'processing' });
      expect((await uploadedEvent(file.videoId))?.payload).toEqual({
        videoId: file.videoId,
        url: file.url,
        uploaderId: MEMBER,
        purpose: 'reel',
      });
    });

    it('refuses a photo or any other non-video with the spec text (415)', async () => {
      for (const part of [await photo(), { ...video(randomBytes(4096)), filename: 'x.mp4' }]) {
        const res = await upload('reel', [part]);
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({
          error: reelTexts.onlyTypes,
          message: 'Only MP4, WEBM or MOV allowed',
          code: ErrorCode.UnsupportedMediaType,
        });
      }
    });

    it("takes the spec's reel types even when the site's own video list is empty", async () => {
      withSettings({ storage: { allowedVideoMime: [] } });
      expect((await upload('reel', [video(mp4Of(64 * 1024))])).statusCode).toBe(201);
      // The same file as a post follows the site's list.
      expect((await upload('post', [video(mp4Of(64 * 1024))])).statusCode).toBe(415);
    });

    it('refuses over 50 MB with "Max 50MB" (413), streamed or declared, whatever the site allows, storing nothing', async () => {
      withSettings({ storage: { maxUploadMB: 200 } });
      const before = await storedCount();
      const expected = { error: reelTexts.maxSize, message: 'Max 50MB', code: ErrorCode.PayloadTooLarge };
      for (const stream of [true, false]) {
        const res = await upload('reel', [video(mp4Of(50 * MB + 1))], { stream });
        expect(res.statusCode, `stream: ${stream}`).toBe(413);
        expect(res.json()).toEqual(expected);
      }
      // Refused by its declared length before a byte of the body is read.
      const declared = await svc.app.inject({
        method: 'POST',
        url: '/api/media/upload?purpose=reel',
        headers: {
          ...svc.as(memberIdentity(MEMBER)),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(51 * MB),
        },
        payload: streamed(Buffer.alloc(10)),
      });
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toEqual(expected);
      expect(await storedCount()).toBe(before);
      // Exactly 50 MB is fine.
      expect((await upload('reel', [video(mp4Of(50 * MB))], { stream: true })).statusCode).toBe(201);
      // Three 50 MB bodies through the service: seconds alone, past 30 s on a 2-core machine under a whole
      // test run. A hang guard, not a speed check.
    }, 120_000);

    it('takes exactly one file: two are refused (400) and nothing is stored', async () => {
      const before = await storedCount();
      const res = await upload('reel', [video(mp4Of(4096)), video(mp4Of(4096))]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: REEL_ONE_FILE, code: 'TOO_MANY_FILES' });
      expect(await storedCount()).toBe(before);
      const none = await upload('reel', []);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ message: mediaTexts.noFiles, code: 'FILE_REQUIRED' });
    });

    it('answers 404 FEATURE_DISABLED while reels are off, before reading the body', async () => {
      withSettings({ features: { reels: false } });
      const res = await upload('reel', [video(mp4Of(4096))]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: featureOffMessage('reels'),
        message: 'Reels are turned off on this site.',
        code: ErrorCode.FeatureDisabled,
      });
      // Posts are not reels.
      expect((await upload('post', [video(mp4Of(4096))])).statusCode).toBe(201);
    });
  });

  describe('story', () => {
    it("takes one photo or one video within the site's limits", async () => {
      const image = await upload('story', [await photo()]);
      expect(image.statusCode, image.body).toBe(201);
      expect(image.json().files[0]).toMatchObject({ type: 'image', videoId: null });
      const clip = await upload('story', [video(mp4Of(4096))]);
      expect(clip.statusCode).toBe(201);
      expect(await videoRow(clip.json().files[0].videoId)).toMatchObject({ purpose: 'story' });
    });

    it("follows the site's size limit (413) and refuses two files (400)", async () => {
      withSettings({ storage: { maxUploadMB: 1 } });
      const big = await upload('story', [video(mp4Of(MB + 1))], { stream: true });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe(mediaTexts.tooLarge(1));
      const two = await upload('story', [await photo(), await photo()]);
      expect(two.statusCode).toBe(400);
      expect(two.json()).toMatchObject({ message: storyTexts.oneFile, code: 'TOO_MANY_FILES' });
    });

    it('answers 404 FEATURE_DISABLED while stories are off', async () => {
      withSettings({ features: { stories: false } });
      const res = await upload('story', [await photo()]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: featureOffMessage('stories'),
        message: featureOffMessage('stories'),
        code: ErrorCode.FeatureDisabled,
      });
    });
  });

  it('a post is as before: several files, recorded with purpose post (also when no purpose is given)', async () => {
    const res = await upload('post', [video(mp4Of(4096)), await photo()]);
    expect(res.statusCode).toBe(201);
    expect(await videoRow(res.json().files[0].videoId)).toMatchObject({ purpose: 'post' });
    const body = multipartBody([video(mp4Of(4096))]);
    const bare = await svc.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...svc.as(memberIdentity(MEMBER)), ...body.headers },
      payload: body.payload,
    });
    expect(await videoRow(bare.json().files[0].videoId)).toMatchObject({ purpose: 'post' });
  });

  it("refuses an unknown purpose with the schema's text (400), and an anonymous caller (401)", async () => {
    const res = await upload('profile', [await photo()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("The purpose must be 'post', 'story' or 'reel'");
    const anonymous = await upload('reel', [video(mp4Of(4096))], { headers: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
