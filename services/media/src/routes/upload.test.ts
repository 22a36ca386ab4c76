import { defaultSiteSettings, MAX_FILES_PER_UPLOAD, mediaTexts, type SiteSettings } from '@kora/contracts';
import { memberIdentity, testTarget, type TestService } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalDiskStorage } from '../storage/local-disk.js';
import {
  type FieldPart,
  type FilePart,
  makeAnimatedGif,
  makeImage,
  makeJpegWithMetadata,
  mp4Header,
  multipartBody,
  pngWithDeclaredSize,
  type QueuedMedia,
  riffChunks,
  startQueuedMedia,
  streamed,
} from '../test-support.js';

const target = testTarget();
const URL = '/api/media/upload';
const MEMBER = 5150;
const IMAGE_URL = /^\/uploads\/images\/[0-9a-f]{32}\.webp$/;
const VIDEO_URL = /^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/;
const ERROR_KEYS = ['code', 'error', 'message'];

describe(`media: POST /api/media/upload (${target})`, () => {
  let svc: TestService;
  let dir: string;
  let storage: LocalDiskStorage;
  let media: QueuedMedia | undefined;

  beforeAll(async () => {
    // Videos are only queued here; the worker has its own tests.
    ({ svc, dir, storage } = media = await startQueuedMedia('kora-media-upload-'));
  });
  afterAll(() => media?.close());
  afterEach(() => vi.restoreAllMocks());

  const file = (data: Buffer, rest: Partial<FilePart> = {}): FilePart => ({
    field: 'files',
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
    ...rest,
    data,
  });

  function post(parts: (FilePart | FieldPart)[], options: { headers?: Record<string, string>; stream?: boolean } = {}) {
    const body = multipartBody(parts);
    return svc.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...(options.headers ?? svc.as(memberIdentity(MEMBER))), ...body.headers },
      payload: options.stream ? streamed(body.payload) : body.payload,
    });
  }

  /** Every stored file, whatever its area (hidden temp files excluded). */
  async function storedFiles(): Promise<string[]> {
    const areas = await readdir(dir).catch(() => []);
    const lists = await Promise.all(
      areas.map(async (area) => (await readdir(path.join(dir, area))).filter((f) => !f.startsWith('.')).map((f) => `${area}/${f}`)),
    );
    return lists.flat().sort();
  }

  async function fetchStored(url: string): Promise<Buffer> {
    const res = await svc.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    return res.rawPayload;
  }

  async function outbox(type: string) {
    const rows = await svc.ctx.db.select().from(svc.ctx.tables.outbox);
    return rows
      .map((r) => r.envelope as { type: string; aggregateId: string; actorId: number; payload: Record<string, unknown> })
      .filter((e) => e.type === type);
  }

  function withStorageSettings(storageSettings: Partial<SiteSettings['storage']>) {
    const current = svc.ctx.siteSettings.current();
    vi.spyOn(svc.ctx.siteSettings, 'current').mockReturnValue({ ...current, storage: { ...current.storage, ...storageSettings } });
  }

  /** Runs `fn` and expects it to leave storage exactly as it found it. */
  async function leavesNothing(fn: () => Promise<void>): Promise<void> {
    const before = await storedFiles();
    await fn();
    expect(await storedFiles()).toEqual(before);
  }

  describe('photos', () => {
    it('re-encodes a large JPEG to WebP inside 2048x2048, without its metadata', async () => {
      const res = await post([file(await makeImage({ format: 'jpeg', width: 3000, height: 2000 }))]);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['files', 'urls']);
      expect(body.files).toEqual([
        {
          url: expect.stringMatching(IMAGE_URL),
          type: 'image',
          videoId: null,
          width: 2048,
          height: 1365,
          // Added by light media (decision 044): the fields above stay as they were.
          placeholder: expect.any(String),
          widths: [320, 640, 1080, 2048],
          formats: ['avif', 'webp'],
        },
      ]);
      expect(body.urls).toEqual([body.files[0].url]);
      const meta = await sharp(await fetchStored(body.urls[0])).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: 2048, height: 1365 });
    });

    it('strips EXIF/GPS/XMP, applies the orientation and never enlarges', async () => {
      const input = await makeJpegWithMetadata(800, 600, 6);
      const res = await post([file(input)]);
      expect(res.statusCode).toBe(201);
      expect(res.json().files[0]).toMatchObject({ width: 600, height: 800 });
      const stored = await fetchStored(res.json().urls[0]);
      const meta = await sharp(stored).metadata();
      expect([meta.exif, meta.xmp, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      expect(riffChunks(stored).filter((c) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(c))).toEqual([]);
      for (const secret of ['KoraCam', 'Secret Model', 'KoraXmpSecret']) expect(stored.includes(secret)).toBe(false);
    });

    it('keeps a GIF animated (animated WebP, every frame)', async () => {
      const gif = await makeAnimatedGif(90, 60, ['#ff0000', '#00ff00', '#0000ff']);
      const res = await post([file(gif, { filename: 'fun.gif', contentType: 'image/gif' })]);
      expect(res.statusCode).toBe(201);
      expect(res.json().files[0]).toMatchObject({ type: 'image', width: 90, height: 60 });
      const stored = await fetchStored(res.json().urls[0]);
      const meta = await sharp(stored).metadata();
      expect({ format: meta.format, pages: meta.pages, width: meta.width, height: meta.pageHeight ?? meta.height }).toEqual({
        format: 'webp',
        pages: 3,
        width: 90,
        height: 60,
      });
      expect(riffChunks(stored)).toContain('ANIM');
    });
  });

  describe('several files, photos and videos', () => {
    it('answers every URL in the order sent, and records each video with its video.uploaded event', async () => {
      const png = await makeImage({ format: 'png', width: 300, height: 200 });
      const res = await post([
        file(png, { filename: 'a.png', contentType: 'image/png' }),
        file(mp4Header(), { filename: 'clip.mp4', contentType: 'video/mp4' }),
        { field: 'caption', value: 'ignored' },
        file(await makeImage({ format: 'webp', width: 50, height: 40 }), { filename: 'b.webp', contentType: 'image/webp' }),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const { urls, files } = res.json();
      const photo = { type: 'image', videoId: null, placeholder: expect.any(String), formats: ['avif', 'webp'] };
      expect(files).toEqual([
        { ...photo, url: expect.stringMatching(IMAGE_URL), width: 300, height: 200, widths: [300] },
        { url: expect.stringMatching(VIDEO_URL), type: 'video', videoId: expect.any(Number), width: null, height: null },
        { ...photo, url: expect.stringMatching(IMAGE_URL), width: 50, height: 40, widths: [50] },
      ]);
      expect(urls).toEqual(files.map((f: { url: string }) => f.url));
      expect(new Set(urls).size).toBe(3);

      const video = files[1];
      const events = (await outbox('video.uploaded')).filter((e) => e.aggregateId === String(video.videoId));
      expect(events).toEqual([
        expect.objectContaining({
          actorId: MEMBER,
          payload: { videoId: video.videoId, url: video.url, uploaderId: MEMBER, purpose: 'post' },
        }),
      ]);
      // The raw video waits, unserved, under incoming/; its future URL is not there yet.
      const hex = video.url.split('/').at(-1).slice(0, 32);
      expect(await storedFiles()).toContain(`incoming/${hex}.bin`);
      expect((await svc.app.inject({ method: 'GET', url: `/uploads/incoming/${hex}.bin` })).statusCode).toBe(404);
      expect(
        (await svc.app.inject({ method: 'GET', url: `/api/media/videos/${video.videoId}`, headers: svc.as(memberIdentity()) })).json(),
      ).toMatchObject({
        status: 'processing',
        url: video.url,
      });
    });

    it(`takes ${MAX_FILES_PER_UPLOAD} files, refuses ${MAX_FILES_PER_UPLOAD + 1} and stores none of them`, async () => {
      const png = await makeImage({ format: 'png', width: 8, height: 8 });
      const ten = await post(Array.from({ length: MAX_FILES_PER_UPLOAD }, () => file(png)));
      expect(ten.statusCode).toBe(201);
      expect(ten.json().urls).toHaveLength(MAX_FILES_PER_UPLOAD);
      await leavesNothing(async () => {
        const eleven = await post(Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, () => file(png)));
        expect(eleven.statusCode).toBe(400);
        expect(eleven.json()).toEqual({ error: mediaTexts.tooManyFiles, message: mediaTexts.tooManyFiles, code: 'TOO_MANY_FILES' });
      });
    });
  });

  describe('refused types (415, by magic bytes)', () => {
    const unsupported = { error: mediaTexts.unsupported, message: mediaTexts.unsupported, code: 'UNSUPPORTED_MEDIA_TYPE' };

    it('a text file named .jpg, declared image/jpeg', async () => {
      await leavesNothing(async () => {
        const res = await post([
          file(Buffer.from('not a photo at all\n'.repeat(50)), { filename: 'holiday.jpg', contentType: 'image/jpeg' }),
        ]);
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual(unsupported);
      });
    });

    it('an SVG, a PDF, an HTML page, whatever their names', async () => {
      const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(500)]);
      const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
      for (const data of [svg, pdf, html]) {
        const res = await post([file(data, { filename: 'x.png', contentType: 'image/png' })]);
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual(unsupported);
      }
    });

    it('one bad file among good ones fails the whole request, leaving nothing stored', async () => {
      const png = await makeImage({ format: 'png', width: 20, height: 20 });
      await leavesNothing(async () => {
        const res = await post([file(png), file(mp4Header(), { contentType: 'video/mp4' }), file(Buffer.from('plain text'.repeat(20)))]);
        expect(res.statusCode).toBe(415);
      });
    });

    it("follows the site's allowed types", async () => {
      withStorageSettings({ allowedVideoMime: [], allowedImageMime: ['image/jpeg'] });
      for (const data of [mp4Header(), await makeImage({ format: 'png', width: 10, height: 10 })]) {
        const res = await post([file(data)]);
        expect(res.statusCode).toBe(415);
      }
      expect((await post([file(await makeImage({ format: 'jpeg', width: 10, height: 10 }))])).statusCode).toBe(201);
    });
  });

  describe('size limit (413, the site max upload size per file)', () => {
    it('refuses a file over the limit, declared or streamed, even after a good one, and stores nothing', async () => {
      withStorageSettings({ maxUploadMB: 1 });
      const big = randomBytes(1024 * 1024 + 1);
      const small = await makeImage({ format: 'png', width: 20, height: 20 });
      const expected = { error: mediaTexts.tooLarge(1), message: mediaTexts.tooLarge(1), code: 'PAYLOAD_TOO_LARGE' };
      expect(expected.message).toBe('Each file can be at most 1 MB');
      await leavesNothing(async () => {
        for (const stream of [false, true]) {
          const res = await post([file(small), file(big)], { stream });
          expect(res.statusCode, `stream: ${stream}`).toBe(413);
          expect(res.json()).toEqual(expected);
        }
      });
      // A declared length no ten files can reach is refused before the body is read.
      const huge = await svc.app.inject({
        method: 'POST',
        url: URL,
        headers: {
          ...svc.as(memberIdentity(MEMBER)),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(11 * 1024 * 1024 + 70_000),
        },
        payload: streamed(Buffer.alloc(10)),
      });
      expect(huge.statusCode).toBe(413);
      // Exactly at the limit is fine.
      const atLimit = Buffer.concat([mp4Header(), randomBytes(1024 * 1024 - mp4Header().length)]);
      expect((await post([file(atLimit, { contentType: 'video/mp4' })])).statusCode).toBe(201);
    });

    it('defaults to 20 MB: a 21 MB video streamed in is refused', async () => {
      // Pinned: on the real broker the settings topic is shared with other runs.
      withStorageSettings({ maxUploadMB: defaultSiteSettings.storage.maxUploadMB });
      const video = Buffer.concat([mp4Header(), Buffer.alloc(21 * 1024 * 1024)]);
      await leavesNothing(async () => {
        const res = await post([file(video, { contentType: 'video/mp4' })], { stream: true });
        expect(res.statusCode).toBe(413);
        expect(res.json().message).toBe('Each file can be at most 20 MB');
      });
    });
  });

  describe('bad photos (400, never a 500)', () => {
    it('a truncated or corrupt image fails the request, leaving nothing stored', async () => {
      const jpeg = await makeImage({ format: 'jpeg', width: 400, height: 300, noise: true });
      const good = await makeImage({ format: 'png', width: 20, height: 20 });
      await leavesNothing(async () => {
        for (const data of [
          jpeg.subarray(0, jpeg.length / 2),
          Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
        ]) {
          const res = await post([file(good), file(data)]);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({
            error: 'The image could not be read',
            message: 'The image could not be read',
            code: 'IMAGE_INVALID',
          });
        }
      });
    });

    it('a pixel flood is refused from its header', async () => {
      const res = await post([file(pngWithDeclaredSize(50_000, 50_000), { contentType: 'image/png' })]);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('IMAGE_TOO_LARGE_DIMENSIONS');
    });
  });

  describe('malformed requests (400) and callers (401)', () => {
    it('no file, files under another name, an empty file', async () => {
      const noFiles = { error: mediaTexts.noFiles, message: mediaTexts.noFiles, code: 'FILE_REQUIRED' };
      expect((await post([{ field: 'caption', value: 'hello' }])).json()).toEqual(noFiles);
      expect((await post([file(await makeImage({ format: 'png', width: 5, height: 5 }), { field: 'file' })])).json()).toEqual(noFiles);
      const empty = await post([file(Buffer.alloc(0))]);
      expect([empty.statusCode, empty.json().code]).toEqual([400, 'FILE_EMPTY']);
    });

    it('a body that is not multipart, or a broken multipart body', async () => {
      const member = svc.as(memberIdentity(MEMBER));
      const json = await svc.app.inject({ method: 'POST', url: URL, headers: member, payload: { files: ['x'] } });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({
        error: "Send the files as multipart/form-data, in file fields named 'files'",
        message: "Send the files as multipart/form-data, in file fields named 'files'",
        code: 'MULTIPART_REQUIRED',
      });
      const none = await svc.app.inject({ method: 'POST', url: URL, headers: member });
      expect([none.statusCode, none.json().code]).toEqual([400, 'MULTIPART_REQUIRED']);
      const raw = await svc.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...member, 'content-type': 'application/octet-stream' },
        payload: mp4Header(),
      });
      expect([raw.statusCode, raw.json().code]).toEqual([400, 'MULTIPART_REQUIRED']);

      const cut = multipartBody([file(await makeImage({ format: 'png', width: 10, height: 10 }))]);
      const truncated = await svc.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...member, ...cut.headers },
        payload: cut.payload.subarray(0, cut.payload.length - 30),
      });
      expect(truncated.statusCode).toBe(400);
      const noBoundary = await svc.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...member, 'content-type': 'multipart/form-data' },
        payload: 'whatever',
      });
      expect(noBoundary.statusCode).toBe(400);
      for (const res of [json, none, raw, truncated, noBoundary]) expect(Object.keys(res.json()).sort()).toEqual(ERROR_KEYS);
    });

    it('refuses anonymous callers before reading the upload', async () => {
      await leavesNothing(async () => {
        const res = await post([file(await makeImage({ format: 'png', width: 10, height: 10 }))], { headers: {} });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Please sign in to continue', message: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
      });
    });
  });

  describe('all or nothing when storing fails (500, nothing left)', () => {
    it('removes the files already stored when a later one cannot be', async () => {
      const png = await makeImage({ format: 'png', width: 10, height: 10 });
      const put = storage.put.bind(storage);
      vi.spyOn(storage, 'put')
        .mockImplementationOnce(put)
        .mockImplementationOnce(put)
        .mockImplementationOnce(async () => {
          throw new Error('disk full');
        });
      await leavesNothing(async () => {
        const res = await post([file(png), file(mp4Header(), { contentType: 'video/mp4' }), file(png)]);
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ error: 'Something went wrong', message: 'Something went wrong', code: 'INTERNAL' });
      });
    });

    it('removes them when the videos cannot be recorded, and announces nothing', async () => {
      const uploaded = (await outbox('video.uploaded')).length;
      vi.spyOn(svc.ctx, 'transact').mockRejectedValueOnce(new Error('database down'));
      await leavesNothing(async () => {
        const res = await post([
          file(await makeImage({ format: 'png', width: 10, height: 10 })),
          file(mp4Header(), { contentType: 'video/mp4' }),
        ]);
        expect(res.statusCode).toBe(500);
      });
      expect(await outbox('video.uploaded')).toHaveLength(uploaded);
    });

    it('keeps a committed upload when the queue cannot be reached (re-queued when a worker starts)', async () => {
      vi.spyOn(svc.ctx.jobs, 'enqueue').mockRejectedValueOnce(new Error('redis down'));
      const res = await post([file(mp4Header(), { contentType: 'video/mp4' })]);
      expect(res.statusCode).toBe(201);
      expect(res.json().files[0]).toMatchObject({ type: 'video', videoId: expect.any(Number) });
    });
  });

  it('works over real HTTP with streamed bodies, answering a refusal while the client still sends', async () => {
    const base = await svc.app.listen({ host: '127.0.0.1', port: 0 });
    const send = (files: Buffer[]) => {
      const boundary = `----kora-${randomBytes(8).toString('hex')}`;
      async function* body() {
        for (const data of files) {
          yield Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="f"\r\nContent-Type: image/jpeg\r\n\r\n`,
          );
          for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
          yield Buffer.from('\r\n');
        }
        yield Buffer.from(`--${boundary}--\r\n`);
      }
      return fetch(`${base}${URL}`, {
        method: 'POST',
        headers: { ...svc.as(memberIdentity(MEMBER)), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Readable.toWeb(Readable.from(body())) as ReadableStream,
        duplex: 'half',
      });
    };
    const ok = await send([await makeImage({ format: 'png', width: 700, height: 350 }), mp4Header()]);
    expect(ok.status).toBe(201);
    expect((await ok.json()).files.map((f: { type: string }) => f.type)).toEqual(['image', 'video']);
    const refused = await send([Buffer.from('text, not a photo'.repeat(100)), randomBytes(8 * 1024 * 1024)]);
    expect(refused.status).toBe(415);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('documents the route in the OpenAPI document', async () => {
    const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = doc.paths[URL].post;
    expect(Object.keys(operation.responses).sort()).toEqual(['201', '400', '401', '404', '413', '415']);
    expect(operation.requestBody.content['multipart/form-data'].schema.properties.files).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'binary' },
    });
  });
});
