/**
 * Hostile images at `POST /api/media/upload` (generators in tests/support/hostile-files.ts):
 * each refused with its text or re-encoded into a harmless WebP, quickly, under a random name. The
 * videos' side (claims, real lengths) is the worker's: jobs/length-rule.test.ts.
 */
import { memberIdentity, testTarget, type TestService } from '@kora/testing';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gifJavascriptPolyglot,
  greyPng,
  HOSTILE_NAMES,
  HTML_PAGE,
  HTML_PAYLOAD,
  jpegWithComment,
  manyFramesGif,
  manyFramesWebp,
  metadataBombPng,
  pixelFloodJpeg,
  pixelFloodPng,
  SVG_WITH_SCRIPT,
  TINY_JPEG,
  ZIP_MAGIC,
  zipOf,
} from '../../../../tests/support/hostile-files.js';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../images/process-image.js';
import { multipartBody, startQueuedMedia, type FilePart, type QueuedMedia } from '../test-support.js';

const IMAGE_URL = /^\/uploads\/images\/[0-9a-f]{32}\.webp$/;

describe(`media: hostile images (${testTarget()})`, () => {
  let media: QueuedMedia | undefined;
  let svc: TestService;
  let work: string;

  beforeAll(async () => {
    ({ svc } = media = await startQueuedMedia('kora-media-hostile-'));
    work = await mkdtemp(path.join(tmpdir(), 'kora-hostile-files-'));
  });
  afterAll(async () => {
    await media?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  async function upload(data: Buffer, rest: Partial<FilePart> = {}) {
    const body = multipartBody([{ field: 'files', filename: 'photo.jpg', contentType: 'image/jpeg', ...rest, data }]);
    // A decoder stuck on a bomb would meet the test's hang guard.
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...svc.as(memberIdentity(77)), ...body.headers },
      payload: body.payload,
    });
    return res;
  }

  /** Uploaded, re-encoded, and served back as a WebP that carries nothing of the original. */
  async function storedAsWebp(data: Buffer, rest: Partial<FilePart> = {}): Promise<{ url: string; stored: Buffer }> {
    const res = await upload(data, rest);
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().urls[0] as string;
    expect(url).toMatch(IMAGE_URL);
    const served = await svc.app.inject({ method: 'GET', url });
    expect(served.headers).toMatchObject({ 'content-type': 'image/webp', 'x-content-type-options': 'nosniff' });
    expect(served.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    return { url, stored: served.rawPayload };
  }

  function expectRefused(res: Awaited<ReturnType<typeof upload>>, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ error: expect.any(String), message: res.json().error, code });
  }

  it('refuses pixel floods (PNG 100000x100000, JPEG 65000x65000) from their headers', async () => {
    expectRefused(await upload(pixelFloodPng(), { contentType: 'image/png' }), 400, 'IMAGE_TOO_LARGE_DIMENSIONS');
    expectRefused(await upload(pixelFloodJpeg()), 400, 'IMAGE_TOO_LARGE_DIMENSIONS');
  });

  it('decodes a bomb within the pixel budget (40 MP in 39 KB) into a bounded WebP, and refuses one past it', async () => {
    const bomb = greyPng(10_000, MAX_IMAGE_PIXELS / 10_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const { stored } = await storedAsWebp(bomb, { contentType: 'image/png' });
    expect(await sharp(stored).metadata()).toMatchObject({ width: 2048, height: 819 });
    expectRefused(await upload(greyPng(MAX_IMAGE_SIDE, 4_000), { contentType: 'image/png' }), 400, 'IMAGE_TOO_LARGE_DIMENSIONS');
  });

  it('refuses compressed metadata that inflates to 64 MB (zTXt, iTXt, iCCP) as unreadable', async () => {
    for (const [chunk, png] of Object.entries(metadataBombPng())) {
      expect(png.length, chunk).toBeLessThan(128 * 1024);
      expectRefused(await upload(png, { contentType: 'image/png' }), 400, 'IMAGE_INVALID');
    }
  });

  it('keeps only the first frame of a GIF with 20000 frames and a WebP with 3000', async () => {
    for (const data of [manyFramesGif(20_000), await manyFramesWebp(work, 3_000)]) {
      const { stored } = await storedAsWebp(data, { contentType: 'image/gif' });
      expect((await sharp(stored).metadata()).pages ?? 1).toBe(1);
    }
  });

  it('re-encodes polyglots: nothing of the HTML, script or ZIP they carried is stored', async () => {
    for (const data of [
      jpegWithComment(HTML_PAYLOAD),
      Buffer.concat([greyPng(32, 32), zipOf('index.html', HTML_PAYLOAD)]),
      gifJavascriptPolyglot(),
    ]) {
      const { stored } = await storedAsWebp(data, { filename: 'photo.html', contentType: 'text/html' });
      for (const trace of ['<script', 'document.title', '<html']) expect(stored.includes(trace), trace).toBe(false);
      expect(stored.includes(ZIP_MAGIC)).toBe(false);
    }
  });

  it('refuses text dressed as an image (SVG with script, an HTML page) by its bytes, whatever its name and type', async () => {
    expectRefused(await upload(SVG_WITH_SCRIPT, { filename: 'cat.png', contentType: 'image/png' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectRefused(await upload(HTML_PAGE, { filename: 'cat.jpg', contentType: 'image/jpeg' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('stores files with hostile names under random names of its own, inside its folder', async () => {
    const urls = new Set<string>();
    for (const filename of HOSTILE_NAMES) urls.add((await storedAsWebp(TINY_JPEG, { filename })).url);
    expect(urls.size).toBe(HOSTILE_NAMES.length);
    // Only our own areas exist under the media folder; nothing was written beside it.
    expect((await readdir(media!.dir)).filter((f) => !f.startsWith('.')).sort()).toEqual(['images']);
  });
});
