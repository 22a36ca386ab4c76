import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { VideoStatus } from '@kora/contracts';
import { eventually, memberIdentity, startTestService, testTarget, type TestService } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService } from '../app.js';
import { newKey } from '../storage/keys.js';
import type { S3Storage } from '../storage/s3.js';
import { createTestBucket, hasTestS3, removeTestBucket, testS3Env } from '../storage/s3-test-support.js';
import { makeImage, makeVideo, multipartBody } from '../test-support.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SIZE = 10_000;
const MEMBER = 6060;

/**
 * The routes that store and serve media, on object storage (decision 051): the same answers as on
 * the disk (uploads.test.ts, upload.test.ts, jobs/process-video.test.ts hold the full suites), for
 * uploads, ranges, validators and a real video through the worker; then redirect delivery.
 */
describe.skipIf(!hasTestS3())(`media on S3: uploads, /uploads/*, videos (${testTarget()})`, () => {
  let storage: S3Storage;
  let svc: TestService;
  let sources: string;
  let videoKey: string;
  const video = randomBytes(SIZE);

  beforeAll(async () => {
    storage = await createTestBucket();
    sources = await mkdtemp(path.join(tmpdir(), 'kora-media-s3-'));
    // The storage from the configuration, as a deployment gets it: MEDIA_STORAGE=s3 and S3_*.
    svc = await startTestService(createMediaService({ env: testS3Env(storage) }));
    videoKey = newKey('videos', 'mp4');
    await storage.put(videoKey, video, 'video/mp4');
  });
  afterAll(async () => {
    await svc?.close();
    await removeTestBucket(storage);
    if (sources) await rm(sources, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    svc.app.inject({ method, url, headers });

  async function upload(data: Buffer, filename: string, contentType: string) {
    const body = multipartBody([{ field: 'files', filename, contentType, data }]);
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...svc.as(memberIdentity(MEMBER)), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().files[0] as { url: string; type: string; videoId?: number };
  }

  it('stores an uploaded image in the bucket and serves it with its type and cache headers', async () => {
    const file = await upload(await makeImage({ format: 'png', width: 40, height: 30 }), 'pic.png', 'image/png');
    const key = file.url.replace(/^\/uploads\//, '');
    expect(await storage.stat(key)).toMatchObject({ contentType: 'image/webp' });
    const res = await get(file.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff' });
    expect(res.rawPayload.equals(await buffer((await storage.open(key))!.body))).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=9990-', 9990, SIZE - 1],
    ['bytes=-5', SIZE - 5, SIZE - 1],
    ['bytes=9000-20000', 9000, SIZE - 1],
  ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await get(`/uploads/${videoKey}`, { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(res.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416, 304, HEAD and 404 as on the disk', async () => {
    const unsatisfiable = await get(`/uploads/${videoKey}`, { range: `bytes=${SIZE}-` });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${SIZE}`);
    const whole = await get(`/uploads/${videoKey}`);
    expect(whole.rawPayload.equals(video)).toBe(true);
    expect(whole.headers.etag).toMatch(/^".+"$/);
    expect((await get(`/uploads/${videoKey}`, { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
    const head = await get(`/uploads/${videoKey}`, {}, 'HEAD');
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([200, String(SIZE), 0]);
    const missing = await get(`/uploads/${newKey('videos', 'mp4')}`);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('never serves the private area, even for an object that exists', async () => {
    const key = newKey('incoming', 'bin');
    await storage.put(key, Buffer.from('raw upload waiting for a worker'), 'application/octet-stream');
    expect((await get(`/uploads/${key}`)).statusCode).toBe(404);
  });

  it('transcodes an uploaded video from the bucket into the bucket, and serves its ranges', async () => {
    const file = await upload(
      await makeVideo(sources, { duration: 1, width: 160, height: 120, container: 'mp4', audio: false }),
      'clip.mp4',
      'video/mp4',
    );
    let status: VideoStatus | undefined;
    await eventually(
      async () => {
        const res = await svc.app.inject({ method: 'GET', url: `/api/media/videos/${file.videoId}`, headers: svc.as(memberIdentity(7)) });
        status = res.json();
        return status!.status !== 'processing';
      },
      60_000,
      100,
    );
    expect(status).toMatchObject({ status: 'ready', width: 160, height: 120 });
    const mp4 = await get(file.url, { range: 'bytes=0-11' });
    expect(mp4.statusCode).toBe(206);
    expect(mp4.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const poster = await get(status!.posterUrl!);
    expect([poster.statusCode, poster.headers['content-type']]).toEqual([200, 'image/jpeg']);
    // The raw upload left the bucket once the video was ready.
    const incoming = `incoming/${file.url.split('/').at(-1)!.slice(0, 32)}`;
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: incoming }));
    expect(listed.KeyCount ?? 0).toBe(0);
  }, 90_000);

  describe('MEDIA_DELIVERY=redirect', () => {
    let redirecting: TestService;
    let cdn: TestService;

    beforeAll(async () => {
      const env = { ...testS3Env(storage), MEDIA_VIDEO_WORKERS: 'false', MEDIA_DELIVERY: 'redirect' };
      [redirecting, cdn] = await Promise.all([
        startTestService(createMediaService({ env })),
        startTestService(createMediaService({ env: { ...env, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.test/media/' } })),
      ]);
    });
    afterAll(async () => {
      await Promise.all([redirecting?.close(), cdn?.close()]);
    });

    it('answers a 302 to a presigned URL that answers the bytes, whole or a range', async () => {
      const res = await redirecting.app.inject({ method: 'GET', url: `/uploads/${videoKey}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const location = String(res.headers.location);
      expect(location).toContain('X-Amz-Signature=');
      const whole = await fetch(location);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
      const part = await fetch(location, { headers: { range: 'bytes=10-19' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(10, 20))).toBe(true);
    });

    it('redirects to the CDN when one is set, cached like the object', async () => {
      const res = await cdn.app.inject({ method: 'GET', url: `/uploads/${videoKey}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://cdn.example.test/media/${videoKey}`);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    });

    it('still refuses private and malformed keys, and serves the default avatar itself', async () => {
      expect((await redirecting.app.inject({ method: 'GET', url: `/uploads/${newKey('incoming', 'bin')}` })).statusCode).toBe(404);
      expect((await redirecting.app.inject({ method: 'GET', url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
      const avatar = await redirecting.app.inject({ method: 'GET', url: '/uploads/profile/defaultavatar.png' });
      expect([avatar.statusCode, avatar.headers['content-type']]).toEqual([200, 'image/png']);
    });
  });
});
