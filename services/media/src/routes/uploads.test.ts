import { NULL_CHARACTER_TEXT } from '@kora/contracts';
import { startTestService, testTarget, type TestService } from '@kora/testing';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService } from '../app.js';
import { createLocalDiskStorage, type LocalDiskStorage } from '../storage/local-disk.js';
import { newKey } from '../storage/keys.js';
import { makeImage } from '../test-support.js';
import { DEFAULT_AVATAR_FILE, DEFAULT_AVATAR_PATH } from './uploads.js';

const NOT_FOUND = { error: 'File not found', message: 'File not found', code: 'NOT_FOUND' };
const SIZE = 10_000;

describe(`media: GET /uploads/* (${testTarget()})`, () => {
  let svc: TestService;
  let base: string;
  let storage: LocalDiskStorage;
  let videoKey: string;
  let video: Buffer;
  let imageKey: string;
  let image: Buffer;

  beforeAll(async () => {
    // MEDIA_DIR is <base>/media; a secret file sits beside it, outside the root.
    base = await mkdtemp(path.join(tmpdir(), 'kora-media-uploads-'));
    await writeFile(path.join(base, 'secret.txt'), 'TOP-SECRET-OUTSIDE-ROOT');
    storage = createLocalDiskStorage(path.join(base, 'media'));
    svc = await startTestService(createMediaService({ storage }));

    video = randomBytes(SIZE);
    videoKey = newKey('videos', 'mp4');
    await storage.put(videoKey, video, 'video/mp4');
    image = await makeImage({ format: 'webp', width: 20, height: 20 });
    imageKey = newKey('profile', 'webp');
    await storage.put(imageKey, image, 'image/webp');
  });
  afterAll(async () => {
    await svc?.close();
    if (base) await rm(base, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    svc.app.inject({ method, url, headers });

  describe('stored files', () => {
    it('serves a file whole, with its type, validators and cache headers', async () => {
      const res = await get(`/uploads/${videoKey}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(video)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'video/mp4',
        'content-length': String(SIZE),
        'cache-control': 'public, max-age=31536000, immutable',
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
      });
      expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(new Date(String(res.headers['last-modified'])).getTime()).not.toBeNaN();

      const img = await get(`/uploads/${imageKey}`);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.rawPayload.equals(image)).toBe(true);
    });

    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=9990-', 9990, SIZE - 1],
      ['bytes=-5', SIZE - 5, SIZE - 1],
      ['bytes=9000-20000', 9000, SIZE - 1],
      ['bytes=1234-1234', 1234, 1234],
      ['bytes=-20000', 0, SIZE - 1],
    ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
      const res = await get(`/uploads/${videoKey}`, { range });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
    });

    it('answers 416 for an unsatisfiable range, in the error shape', async () => {
      for (const range of [`bytes=${SIZE}-`, 'bytes=20000-30000', 'bytes=-0']) {
        const res = await get(`/uploads/${videoKey}`, { range });
        expect(res.statusCode, range).toBe(416);
        expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
        expect(res.json()).toEqual({
          error: 'The requested range is not satisfiable',
          message: 'The requested range is not satisfiable',
          code: 'RANGE_NOT_SATISFIABLE',
        });
        expect(res.headers['cache-control']).toBeUndefined();
      }
    });

    it('ignores ranges it does not serve (several ranges, other units, nonsense) and sends the whole file', async () => {
      for (const range of ['bytes=0-1,5-9', 'items=0-5', 'bytes=abc', 'bytes=50-10']) {
        const res = await get(`/uploads/${videoKey}`, { range });
        expect(res.statusCode, range).toBe(200);
        expect(res.rawPayload.length).toBe(SIZE);
      }
    });

    it('honours If-Range only for the current version', async () => {
      const { etag } = (await get(`/uploads/${videoKey}`)).headers;
      const same = await get(`/uploads/${videoKey}`, { range: 'bytes=0-9', 'if-range': String(etag) });
      expect(same.statusCode).toBe(206);
      const stale = await get(`/uploads/${videoKey}`, { range: 'bytes=0-9', 'if-range': '"an-older-version"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.length).toBe(SIZE);
    });

    it('answers 304 to a matching If-None-Match or a fresh If-Modified-Since', async () => {
      const first = await get(`/uploads/${videoKey}`);
      const etag = String(first.headers.etag);
      const byTag = await get(`/uploads/${videoKey}`, { 'if-none-match': `"other", ${etag}` });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.rawPayload.length).toBe(0);
      expect(byTag.headers.etag).toBe(etag);
      const byDate = await get(`/uploads/${videoKey}`, { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() });
      expect(byDate.statusCode).toBe(304);
      const changed = await get(`/uploads/${videoKey}`, { 'if-none-match': '"other"' });
      expect(changed.statusCode).toBe(200);
    });

    it('answers HEAD with the headers of the whole file and no body', async () => {
      const res = await get(`/uploads/${videoKey}`, {}, 'HEAD');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(SIZE));
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload.length).toBe(0);
      const ranged = await get(`/uploads/${videoKey}`, { range: 'bytes=0-9' }, 'HEAD');
      expect(ranged.statusCode).toBe(200);
      const missing = await get(`/uploads/${newKey('videos', 'mp4')}`, {}, 'HEAD');
      expect(missing.statusCode).toBe(404);
    });

    it('answers 404 in the error shape for a missing file', async () => {
      const res = await get(`/uploads/${newKey('profile', 'webp')}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect(res.headers['cache-control']).toBeUndefined();
    });

    it('never serves the private area, even for a file that exists', async () => {
      const key = newKey('incoming', 'bin');
      await storage.put(key, Buffer.from('raw upload waiting for a worker'), 'application/octet-stream');
      const res = await get(`/uploads/${key}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });

    it('does not follow a symbolic link planted in the media folder', async () => {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await symlink(path.join(base, 'secret.txt'), path.join(base, 'media', 'profile', name));
      const res = await get(`/uploads/profile/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('TOP-SECRET');
    });
  });

  describe('path tricks', () => {
    const attempts = [
      '/uploads/../../etc/passwd',
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/profile/..%2f..%2fsecret.txt',
      '/uploads/profile/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/uploads/%252e%252e%252fsecret.txt',
      '/uploads/..%5c..%5csecret.txt',
      '/uploads//etc/passwd',
      '/uploads/%2fetc%2fpasswd',
      `/uploads/${encodeURIComponent(path.join(tmpdir(), 'secret.txt'))}`,
      '/uploads/profile/',
      '/uploads/',
      '/uploads/PROFILE/0123456789ABCDEF0123456789ABCDEF.webp',
      '/uploads/profile/0123456789abcdef0123456789abcdef.html',
      '/uploads/secret.txt',
      '/uploads/media/../secret.txt',
    ];

    // A NUL is refused before any route reads the path (every service's rule: PostgreSQL cannot store it).
    it.each(['/uploads/profile/defaultavatar.png%00.webp', '/uploads/profile/0123456789abcdef0123456789abcdef.webp%00'])(
      '%s answers 400 in the error shape',
      async (url) => {
        const res = await get(url);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: NULL_CHARACTER_TEXT, message: NULL_CHARACTER_TEXT, code: 'VALIDATION_FAILED' });
      },
    );

    it.each(attempts)('%s answers 404 in the error shape', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.body).not.toContain('TOP-SECRET');
      expect(res.body).not.toContain('root:');
    });

    it('leaves the file outside the root untouched', async () => {
      expect(await readFile(path.join(base, 'secret.txt'), 'utf8')).toBe('TOP-SECRET-OUTSIDE-ROOT');
    });
  });

  describe('the default avatar', () => {
    it('is a 256x256 PNG from the assets, cached for a day', async () => {
      const res = await get(DEFAULT_AVATAR_PATH);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(await readFile(DEFAULT_AVATAR_FILE))).toBe(true);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    });

    it('answers HEAD, ranges and conditional requests too', async () => {
      const head = await get(DEFAULT_AVATAR_PATH, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
      expect(head.rawPayload.length).toBe(0);
      const ranged = await get(DEFAULT_AVATAR_PATH, { range: 'bytes=0-7' });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.rawPayload.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
      const again = await get(DEFAULT_AVATAR_PATH, { 'if-none-match': String(head.headers.etag) });
      expect(again.statusCode).toBe(304);
    });

    it('is served from the assets even when MEDIA_DIR has no profile folder', async () => {
      const empty = await mkdtemp(path.join(tmpdir(), 'kora-media-empty-'));
      const other = await startTestService(createMediaService({ storage: createLocalDiskStorage(path.join(empty, 'media')) }));
      try {
        const res = await other.app.inject({ method: 'GET', url: DEFAULT_AVATAR_PATH });
        expect(res.statusCode).toBe(200);
      } finally {
        await other.close();
        await rm(empty, { recursive: true, force: true });
      }
    }, 60_000);
  });

  it('documents the public routes in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json')).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toContain(DEFAULT_AVATAR_PATH);
    expect(paths.some((p) => p.startsWith('/uploads/{'))).toBe(true);
  });
});

describe('media storage folder', () => {
  it('is created on start when missing', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'kora-media-init-'));
    try {
      const storage = createLocalDiskStorage(path.join(base, 'a', 'b', 'media'));
      await storage.init();
      await mkdir(path.join(base, 'a', 'b', 'media'), { recursive: false }).then(
        () => expect.unreachable('the folder should exist'),
        (err: NodeJS.ErrnoException) => expect(err.code).toBe('EEXIST'),
      );
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
