import { defaultSiteSettings, type SiteSettings } from '@kora/contracts';
import { adminIdentity, eventually, memberIdentity, startTestService, testTarget, type TestService } from '@kora/testing';
import { buildEnvelope, SERVICE_CALL_HEADER } from '@kora/platform';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMediaService } from '../app.js';
import { createLocalDiskStorage, type LocalDiskStorage } from '../storage/local-disk.js';
import {
  exifTags,
  makeAnimatedGif,
  makeImage,
  makeJpegWithMetadata,
  mp4Header,
  multipartBody,
  pngWithDeclaredSize,
  riffChunks,
  serviceCall,
  streamed,
  type FieldPart,
  type FilePart,
  type ImageFormat,
} from '../test-support.js';

const target = testTarget();
const ERROR_KEYS = ['code', 'error', 'message'];
const STORED_URL = /^\/uploads\/profile\/[0-9a-f]{32}\.webp$/;

describe(`media: POST /internal/images (${target})`, () => {
  let svc: TestService;
  let dir: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kora-media-images-'));
    storage = createLocalDiskStorage(dir);
    svc = await startTestService(createMediaService({ storage }));
  });
  afterAll(async () => {
    await svc?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => vi.restoreAllMocks());

  const asService = () => serviceCall(svc.ctx.env.INTERNAL_SECRET);

  function post(parts: (FilePart | FieldPart)[], options: { kind?: string; headers?: Record<string, string>; stream?: boolean } = {}) {
    const body = multipartBody(parts);
    return svc.app.inject({
      method: 'POST',
      url: `/internal/images?kind=${options.kind ?? 'avatar'}`,
      headers: { ...(options.headers ?? asService()), ...body.headers },
      payload: options.stream ? streamed(body.payload) : body.payload,
    });
  }

  const upload = (data: Buffer, kind = 'avatar', file: Partial<FilePart> = {}) => post([{ ...file, data }], { kind });

  /** The stored file behind a returned URL, read through GET /uploads/*. */
  async function fetchStored(url: string): Promise<Buffer> {
    const res = await svc.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    return res.rawPayload;
  }

  const storedCount = async () => (await readdir(path.join(dir, 'profile')).catch(() => [])).filter((f) => !f.startsWith('.')).length;

  function withStorageSettings(storageSettings: Partial<SiteSettings['storage']>) {
    const current = svc.ctx.siteSettings.current();
    vi.spyOn(svc.ctx.siteSettings, 'current').mockReturnValue({ ...current, storage: { ...current.storage, ...storageSettings } });
  }

  describe('accepted images', () => {
    it.each<[ImageFormat, string]>([
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ])('a %s avatar is re-encoded to WebP inside 512x512 and served', async (format, declared) => {
      const input = await makeImage({ format, width: 1200, height: 800 });
      const res = await upload(input, 'avatar', { contentType: declared, filename: `me.${format}` });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['bytes', 'height', 'url', 'width']);
      expect(body.url).toMatch(STORED_URL);
      expect({ width: body.width, height: body.height }).toEqual({ width: 512, height: 341 });

      const stored = await fetchStored(body.url);
      expect(stored.length).toBe(body.bytes);
      const meta = await sharp(stored).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: 512, height: 341 });
      // On disk under MEDIA_DIR, with the same random name.
      expect(await readdir(path.join(dir, 'profile'))).toContain(body.url.split('/').at(-1));
    });

    it('never enlarges a small avatar and keeps transparency', async () => {
      const input = await makeImage({ format: 'png', width: 300, height: 200, alpha: true, background: '#33669980' });
      const res = await upload(input);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ width: 300, height: 200 });
      const meta = await sharp(await fetchStored(res.json().url)).metadata();
      expect(meta.hasAlpha).toBe(true);
    });

    it('crops a cover to 1500x500', async () => {
      const res = await upload(await makeImage({ format: 'jpeg', width: 3000, height: 2000 }), 'cover');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ width: 1500, height: 500 });
      const meta = await sharp(await fetchStored(res.json().url)).metadata();
      expect([meta.width, meta.height]).toEqual([1500, 500]);
    });

    it('crops a small cover to 3:1 at its own size, without enlarging it', async () => {
      const res = await upload(await makeImage({ format: 'png', width: 800, height: 800 }), 'cover');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ width: 800, height: 267 });
    });

    it('applies the EXIF orientation before resizing', async () => {
      // Stored 800x600 but shot upright: orientation 6 means "rotate 90° clockwise to display".
      const res = await upload(await makeJpegWithMetadata(800, 600, 6));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ width: 384, height: 512 });
      const cover = await upload(await makeJpegWithMetadata(600, 1800, 6), 'cover');
      expect(cover.json()).toMatchObject({ width: 1500, height: 500 });
    });

    it('strips every piece of metadata, GPS position included', async () => {
      const input = await makeJpegWithMetadata(640, 480);
      // The input really carries what must disappear.
      const inMeta = await sharp(input).metadata();
      const tags = exifTags(inMeta.exif!);
      expect(tags.ifd0).toContain(0x010f); // Make
      expect(tags.ifd0).toContain(0x8825); // GPS IFD pointer
      expect(tags.gps).toEqual(expect.arrayContaining([0x0001, 0x0002, 0x0003, 0x0004])); // lat/long and refs
      expect(inMeta.xmp).toBeDefined();
      expect(input.includes('KoraCam')).toBe(true);

      const res = await upload(input);
      expect(res.statusCode).toBe(201);
      const stored = await fetchStored(res.json().url);
      const outMeta = await sharp(stored).metadata();
      expect(outMeta.exif).toBeUndefined();
      expect(outMeta.xmp).toBeUndefined();
      expect(outMeta.icc).toBeUndefined();
      expect(outMeta.iptc).toBeUndefined();
      expect(outMeta.orientation).toBeUndefined();
      expect(riffChunks(stored).filter((c) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(c))).toEqual([]);
      for (const secret of ['KoraCam', 'Secret Model', 'KoraXmpSecret', 'Exif']) expect(stored.includes(secret)).toBe(false);
    });

    it('keeps only the first frame of an animated GIF', async () => {
      const gif = await makeAnimatedGif(90, 60, ['#ff0000', '#00ff00', '#0000ff']);
      expect((await sharp(gif).metadata()).pages).toBe(3);
      const res = await upload(gif, 'avatar', { contentType: 'image/gif' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ width: 90, height: 60 });
      const stored = await fetchStored(res.json().url);
      const meta = await sharp(stored).metadata();
      expect(meta.pages ?? 1).toBe(1);
      const { channels } = await sharp(stored).stats();
      const [red, green, blue] = channels.map((c) => c.mean);
      expect(red).toBeGreaterThan(245);
      expect(green).toBeLessThan(10);
      expect(blue).toBeLessThan(10);
    });

    it('gives every upload its own random name', async () => {
      const input = await makeImage({ format: 'png', width: 64, height: 64 });
      const urls = new Set<string>();
      for (let i = 0; i < 3; i++) urls.add((await upload(input)).json().url);
      expect(urls.size).toBe(3);
    });
  });

  describe('refused types (415, by magic bytes)', () => {
    it('a text file named .jpg with an image content type', async () => {
      const before = await storedCount();
      const res = await upload(Buffer.from('just some text pretending to be a photo\n'.repeat(20)), 'avatar', {
        filename: 'holiday.jpg',
        contentType: 'image/jpeg',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: 'Only JPEG, PNG, GIF or WEBP images are allowed',
        message: 'Only JPEG, PNG, GIF or WEBP images are allowed',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(await storedCount()).toBe(before);
    });

    it('a video (an MP4 ftyp header) named .png', async () => {
      const res = await upload(mp4Header(), 'cover', { filename: 'clip.png', contentType: 'image/png' });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('an SVG, which could carry script', async () => {
      const svg = Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const res = await upload(svg, 'avatar', { filename: 'me.svg', contentType: 'image/svg+xml' });
      expect(res.statusCode).toBe(415);
    });

    it("follows the site's allowed image types and names them in the message", async () => {
      withStorageSettings({ allowedImageMime: ['image/jpeg', 'image/png'] });
      const gif = await upload(await makeImage({ format: 'gif', width: 40, height: 40 }), 'avatar', { contentType: 'image/gif' });
      expect(gif.statusCode).toBe(415);
      expect(gif.json().message).toBe('Only JPEG or PNG images are allowed');
      const png = await upload(await makeImage({ format: 'png', width: 40, height: 40 }));
      expect(png.statusCode).toBe(201);
    });
  });

  describe('size limit (413, the site max upload size)', () => {
    it('refuses a file over the limit, declared or streamed, and accepts one under it', async () => {
      withStorageSettings({ maxUploadMB: 1 });
      const big = await makeImage({ format: 'png', width: 1000, height: 800, noise: true });
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const expected = {
        error: 'The image is too large (max 1 MB)',
        message: 'The image is too large (max 1 MB)',
        code: 'PAYLOAD_TOO_LARGE',
      };

      const declared = await upload(big);
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toEqual(expected);

      // No Content-Length: the limit bites while the file streams in.
      const chunked = await post([{ data: big, contentType: 'image/png' }], { stream: true });
      expect(chunked.statusCode).toBe(413);
      expect(chunked.json()).toEqual(expected);

      const small = await upload(await makeImage({ format: 'png', width: 300, height: 300, noise: true }));
      expect(small.statusCode).toBe(201);
    });

    it('follows a site-settings.updated event', async () => {
      // On a real broker too: this file has its own topics (the test adapters' namespace), so the
      // lower limit reaches no other test file and no product.
      const publish = (values: SiteSettings['storage']) =>
        svc.adapters.bus.publish([
          {
            topic: 'admin.site-settings',
            key: 'storage',
            value: JSON.stringify(
              buildEnvelope({ type: 'site-settings.updated', aggregateId: 'storage', actorId: 1, payload: { section: 'storage', values } }),
            ),
          },
        ]);
      await publish({ ...defaultSiteSettings.storage, maxUploadMB: 1 });
      await eventually(() => svc.ctx.siteSettings.current().storage.maxUploadMB === 1);
      const res = await upload(await makeImage({ format: 'png', width: 1000, height: 800, noise: true }));
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The image is too large (max 1 MB)');
      await publish(defaultSiteSettings.storage);
      await eventually(() => svc.ctx.siteSettings.current().storage.maxUploadMB === defaultSiteSettings.storage.maxUploadMB);
    });
  });

  describe('pixel floods and broken images (400)', () => {
    it.each([
      ['50000x50000', 50_000, 50_000],
      ['13000x100 (one side too long)', 13_000, 100],
      ['7000x7000 (49 megapixels)', 7_000, 7_000],
    ])('refuses a PNG declaring %s from its header alone', async (_name, width, height) => {
      const flood = pngWithDeclaredSize(width, height);
      expect(flood.length).toBeLessThan(10_000);
      // Refused by the dimensions its header declares; a decode of that size would meet the test's
      // hang guard.
      const res = await upload(flood, 'avatar', { contentType: 'image/png' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('IMAGE_TOO_LARGE_DIMENSIONS');
      expect(res.json().message).toBe('The image is too large in pixels (at most 12000 pixels on a side and 40 megapixels in all)');
    });

    it('refuses truncated and corrupt images with IMAGE_INVALID, never a 500', async () => {
      const jpeg = await makeImage({ format: 'jpeg', width: 800, height: 600, noise: true });
      const png = await makeImage({ format: 'png', width: 400, height: 300, noise: true });
      const cases: [string, Buffer][] = [
        ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
        ['truncated PNG', png.subarray(0, Math.floor(png.length / 2))],
        ['JPEG magic then garbage', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)])],
        ['PNG cut right after its header', png.subarray(0, 100)],
        ['small header-only PNG', pngWithDeclaredSize(500, 500)],
      ];
      for (const [name, data] of cases) {
        const res = await upload(data);
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toEqual({
          error: 'The image could not be read',
          message: 'The image could not be read',
          code: 'IMAGE_INVALID',
        });
      }
    });
  });

  describe('malformed requests (400)', () => {
    it('a form without the file field', async () => {
      const res = await post([{ field: 'caption', value: 'hello' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FILE_REQUIRED', message: "Choose an image to upload (file field 'file')" });
      const wrongName = await post([{ field: 'avatar', data: await makeImage({ format: 'png', width: 10, height: 10 }) }]);
      expect(wrongName.statusCode).toBe(400);
      expect(wrongName.json().code).toBe('FILE_REQUIRED');
    });

    it('an empty file, two files, a body that is not multipart, a broken multipart body', async () => {
      const empty = await upload(Buffer.alloc(0));
      expect(empty.json()).toMatchObject({ code: 'FILE_EMPTY' });
      const image = await makeImage({ format: 'png', width: 10, height: 10 });
      const two = await post([{ data: image }, { data: image, field: 'file2' }]);
      expect([two.statusCode, two.json().code]).toEqual([400, 'TOO_MANY_FILES']);

      const json = await svc.app.inject({
        method: 'POST',
        url: '/internal/images?kind=avatar',
        headers: asService(),
        payload: { file: 'x' },
      });
      expect([json.statusCode, json.json().code]).toEqual([400, 'MULTIPART_REQUIRED']);

      const noBoundary = await svc.app.inject({
        method: 'POST',
        url: '/internal/images?kind=avatar',
        headers: { ...asService(), 'content-type': 'multipart/form-data' },
        payload: 'whatever',
      });
      expect(noBoundary.statusCode).toBe(400);
      const cut = multipartBody([{ data: image }]);
      const truncated = await svc.app.inject({
        method: 'POST',
        url: '/internal/images?kind=avatar',
        headers: { ...asService(), ...cut.headers },
        payload: cut.payload.subarray(0, cut.payload.length - 30),
      });
      expect(truncated.statusCode).toBe(400);
      for (const res of [empty, two, json, noBoundary, truncated]) expect(Object.keys(res.json()).sort()).toEqual(ERROR_KEYS);
    });

    it('a missing or unknown kind', async () => {
      const image = await makeImage({ format: 'png', width: 10, height: 10 });
      for (const url of ['/internal/images', '/internal/images?kind=banner']) {
        const body = multipartBody([{ data: image }]);
        const res = await svc.app.inject({ method: 'POST', url, headers: { ...asService(), ...body.headers }, payload: body.payload });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: "The image kind must be 'avatar' or 'cover'" });
      }
    });
  });

  describe('internal only (403)', () => {
    it('refuses callers that are not a signed sibling service, before reading the upload', async () => {
      const image = await makeImage({ format: 'png', width: 32, height: 32 });
      const before = await storedCount();
      const forged = {
        [SERVICE_CALL_HEADER]: `${Buffer.from(JSON.stringify({ service: 'auth', exp: Date.now() + 60_000 })).toString('base64url')}.forged`,
      };
      const expired = serviceCall('wrong-secret-wrong-secret-000');
      for (const headers of [{}, svc.as(memberIdentity()), svc.as(adminIdentity()), forged, expired]) {
        const res = await post([{ data: image }], { headers });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'Internal route', message: 'Internal route', code: 'FORBIDDEN' });
        // Even with an invalid query, the answer is 403, not a validation message.
        const bad = await post([{ data: image }], { headers, kind: 'nope' });
        expect(bad.statusCode).toBe(403);
      }
      expect(await storedCount()).toBe(before);
    });
  });

  it('works over real HTTP with a streamed body, as the auth service sends it', async () => {
    const url = await svc.app.listen({ host: '127.0.0.1', port: 0 });
    withStorageSettings({ maxUploadMB: 1 });
    const send = (file: Buffer) => {
      const boundary = `----kora-${randomBytes(8).toString('hex')}`;
      async function* body() {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        for (let at = 0; at < file.length; at += 64 * 1024) yield file.subarray(at, at + 64 * 1024);
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      return fetch(`${url}/internal/images?kind=avatar`, {
        method: 'POST',
        headers: { ...asService(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Readable.toWeb(Readable.from(body())) as ReadableStream,
        duplex: 'half',
      });
    };
    const ok = await send(await makeImage({ format: 'png', width: 700, height: 350 }));
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ url: expect.stringMatching(STORED_URL), width: 512, height: 256 });
    // Refused while streaming: the answer arrives although the client is still sending.
    const big = await send(randomBytes(5 * 1024 * 1024));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The image is too large (max 1 MB)' });
  });

  it('documents the route in the OpenAPI document, tagged internal', async () => {
    const doc = (await svc.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = doc.paths['/internal/images'].post;
    expect(operation.tags).toEqual(['internal']);
    expect(Object.keys(operation.responses).sort()).toEqual(['201', '400', '403', '413', '415']);
    expect(operation.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
  });
});
