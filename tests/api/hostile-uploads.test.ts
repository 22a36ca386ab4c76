/**
 * Hostile uploads through the gateway, in whichever mode the harness started (decision 026; files from
 * tests/support/hostile-files.ts): pixel floods and bombs refused or decoded within bounds, polyglots
 * re-encoded, text dressed as an image refused, hostile names stored under random names and served
 * as images with nosniff, and videos claiming or really running 10 hours; then a normal video still
 * completes promptly and no video is left processing.
 */
import { mediaTexts, type UploadAnswer, type VideoStatus } from '@kora/contracts';
import { makeVideo, readUntil } from '@kora/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gifJavascriptPolyglot,
  greyPng,
  HOSTILE_NAMES,
  HTML_PAGE,
  HTML_PAYLOAD,
  jpegWithComment,
  longTinyVideo,
  manyFramesGif,
  metadataBombPng,
  pixelFloodJpeg,
  pixelFloodPng,
  SVG_WITH_SCRIPT,
  TINY_JPEG,
  videoClaiming,
  ZIP_MAGIC,
  zipOf,
} from '../support/hostile-files.js';
import { filesForm } from '../support/media-files.js';
import { auth, signedInMember, type SignedIn } from './support/members.js';
import { api, body, MODE } from './support/product.js';

const IMAGE_URL = /^\/uploads\/images\/[0-9a-f]{32}\.webp$/;
/**
 * A hang guard for a normal 2 s clip queued behind the hostile ones: a worker that transcoded the
 * 10-hour video first would hold it for hours, far past this.
 */
const PROMPTLY_MS = 90_000;

describe(`hostile uploads through the gateway (${MODE})`, () => {
  let ada: SignedIn;
  let dir: string;

  beforeAll(async () => {
    ada = await signedInMember();
    dir = await mkdtemp(path.join(os.tmpdir(), 'kora-hostile-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const upload = (data: Buffer, name = 'photo.jpg', type = 'image/jpeg', purpose = 'post') =>
    api(`/api/media/upload?purpose=${purpose}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}` },
      body: filesForm([{ data, name, type }]),
    });

  async function refused(res: Response, status: number, code: string): Promise<void> {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    const answer = JSON.parse(text) as { error: string; message: string; code: string };
    expect(answer).toEqual({ error: answer.message, message: expect.any(String), code });
    expect(text).not.toMatch(/\n\s+at /); // no stack trace
  }

  /** Stored under a random name and served back as a WebP, never as something a browser would run. */
  async function servedAsImage(res: Response): Promise<Buffer> {
    expect(res.status, await res.clone().text()).toBe(201);
    const url = (await body<UploadAnswer>(res)).urls[0]!;
    expect(url).toMatch(IMAGE_URL);
    const served = await api(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    return Buffer.from(await served.arrayBuffer());
  }

  it('refuses pixel floods from their headers and metadata bombs as unreadable', async () => {
    await refused(await upload(pixelFloodPng(), 'flood.png', 'image/png'), 400, 'IMAGE_TOO_LARGE_DIMENSIONS');
    await refused(await upload(pixelFloodJpeg()), 400, 'IMAGE_TOO_LARGE_DIMENSIONS');
    for (const png of Object.values(metadataBombPng())) await refused(await upload(png, 'bomb.png', 'image/png'), 400, 'IMAGE_INVALID');
  });

  it('decodes a 40-megapixel bomb of 39 KB into a bounded WebP; a GIF of 20000 frames keeps one', async () => {
    const stored = await servedAsImage(await upload(greyPng(10_000, 4_000), 'bomb.png', 'image/png'));
    expect(stored.length).toBeLessThan(64 * 1024);
    const still = await servedAsImage(await upload(manyFramesGif(20_000), 'many.gif', 'image/gif'));
    expect(still.includes(Buffer.from('ANMF'))).toBe(false); // no animation frames in the WebP
  });

  it('re-encodes polyglots (JPEG + HTML, PNG + ZIP, GIF + script): nothing of what they hid is served', async () => {
    for (const data of [
      jpegWithComment(HTML_PAYLOAD),
      Buffer.concat([greyPng(32, 32), zipOf('index.html', HTML_PAYLOAD)]),
      gifJavascriptPolyglot(),
    ]) {
      const stored = await servedAsImage(await upload(data, 'page.html', 'text/html'));
      for (const trace of ['<script', 'document.title', '<html']) expect(stored.includes(trace), trace).toBe(false);
      expect(stored.includes(ZIP_MAGIC)).toBe(false);
    }
  });

  it('refuses an SVG with script or an HTML page dressed as an image, by its bytes', async () => {
    await refused(await upload(SVG_WITH_SCRIPT, 'cat.png', 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    await refused(await upload(HTML_PAGE, 'cat.jpg', 'image/jpeg'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('stores files whose names try a path under random names of its own', async () => {
    const urls = new Set<string>();
    for (const name of HOSTILE_NAMES) {
      const res = await upload(TINY_JPEG, name);
      await servedAsImage(res.clone());
      urls.add((await body<UploadAnswer>(res)).urls[0]!);
    }
    expect(urls.size).toBe(HOSTILE_NAMES.length);
    // And the names themselves lead nowhere.
    for (const probe of ['/uploads/../../etc/passwd', '/uploads/%2e%2e/%2e%2e/etc/passwd', '/uploads/images/..%2f..%2fetc%2fpasswd']) {
      const res = await api(probe);
      expect(res.status, probe).toBeGreaterThanOrEqual(400);
      expect(res.status, probe).toBeLessThan(500);
      expect(await res.text()).not.toContain('root:');
    }
  });

  it('judges videos by what decodes: 10 hours claimed plays 2 s (ready), 10 hours real is refused; a normal clip after them is ready promptly', async () => {
    const videoOf = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(201);
      return (await body<UploadAnswer>(res)).files[0]!.videoId!;
    };
    const claimed = await videoOf(await upload(await videoClaiming(dir), 'claims.mp4', 'video/mp4'));
    const long = await videoOf(await upload(await longTinyVideo(dir), 'long.mp4', 'video/mp4'));
    const reelClaim = await videoOf(await upload(await videoClaiming(dir), 'reel.mp4', 'video/mp4', 'reel'));
    const normal = await videoOf(
      await upload(await makeVideo(dir, { duration: 2, width: 320, height: 240, container: 'mp4', audio: true }), 'clip.mp4', 'video/mp4'),
    );

    const settled = (id: number) =>
      readUntil(
        async () => body<VideoStatus>(await api(`/api/media/videos/${id}`, auth(ada.token))),
        (s) => s.status !== 'processing',
        PROMPTLY_MS,
        500,
      );
    expect(await settled(normal)).toMatchObject({ status: 'ready' });

    // None is left processing.
    const outcome = await Promise.all([claimed, long, reelClaim].map(settled));
    expect(outcome[0]).toMatchObject({ status: 'ready' });
    expect(outcome[0]!.durationSeconds!).toBeLessThan(5);
    expect(outcome[1]).toMatchObject({ status: 'failed', error: mediaTexts.videoTooLong });
    expect(outcome[2]).toMatchObject({ status: 'ready' });
    expect(outcome[2]!.durationSeconds!).toBeLessThan(5);
  });
});
