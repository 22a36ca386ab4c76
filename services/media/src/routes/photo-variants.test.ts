/**
 * Light media (decision 044): a photo upload stores, beside the photo's own WebP, each standard
 * width narrower than it (never enlarged) in AVIF and WebP and the full size in AVIF, all served
 * like the photo; the answer adds the placeholder, widths and formats to the fields it always had,
 * and `photo.stored` announces them. Photos stored before keep being served alone, removing or
 * erasing a photo takes its variants along, and who may upload is unchanged.
 */
import { photoVariantUrl, PHOTO_FORMATS, type PhotoDetails, type PhotoFormat } from '@kora/contracts';
import { eventually, memberIdentity, processed, publishEvent, testTarget } from '@kora/testing';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio, thumbHashToAverageRGBA } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAnimatedGif, makeImage, multipartBody, serviceCall, startQueuedMedia, type QueuedMedia } from '../test-support.js';

const MEMBER = 5151;
const sharpFormat: Record<PhotoFormat, string> = { avif: 'heif', webp: 'webp' };

describe(`media: photos in several widths and formats (${testTarget()})`, () => {
  let media: QueuedMedia;
  beforeAll(async () => void (media = await startQueuedMedia('kora-media-variants-')));
  afterAll(() => media?.close());

  async function upload(data: Buffer, type = 'image/jpeg', headers = media.svc.as(memberIdentity(MEMBER))) {
    const body = multipartBody([{ field: 'files', filename: 'photo', contentType: type, data }]);
    return media.svc.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  async function uploadPhoto(data: Buffer, type?: string): Promise<PhotoDetails> {
    const res = await upload(data, type);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = res.json<{ files: (PhotoDetails & { type: string; videoId: null })[] }>().files;
    return file!;
  }

  /** Fetches a stored file anonymously, as a browser does: its bytes and content type. */
  async function fetchPublic(url: string): Promise<{ status: number; type?: string; data: Buffer }> {
    const res = await media.svc.app.inject({ method: 'GET', url });
    return { status: res.statusCode, type: res.headers['content-type'] as string | undefined, data: res.rawPayload };
  }

  const storedNames = async (photo: PhotoDetails) => {
    const id = path.basename(photo.url, '.webp');
    return (await readdir(path.join(media.dir, 'images'))).filter((f) => f.startsWith(id)).sort();
  };

  it('stores 320, 640, 1080 and 2048 wide in AVIF and WebP for a large photo, each decoding at its width', async () => {
    const photo = await uploadPhoto(await makeImage({ format: 'jpeg', width: 3000, height: 2000 }));
    expect(photo).toMatchObject({ type: 'image', videoId: null, width: 2048, height: 1365, widths: [320, 640, 1080, 2048] });
    expect(photo.formats).toEqual(['avif', 'webp']);
    for (const width of photo.widths) {
      for (const format of PHOTO_FORMATS) {
        const url = photoVariantUrl(photo, width, format);
        const file = await fetchPublic(url);
        expect(file.status, url).toBe(200);
        expect(file.type).toBe(`image/${format}`);
        const meta = await sharp(file.data).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: sharpFormat[format],
          width,
          height: Math.round((width * 1365) / 2048),
        });
      }
    }
    // The photo's own URL is the full-size WebP, as before; the AVIFs are smaller than the WebPs.
    expect(photoVariantUrl(photo, 2048, 'webp')).toBe(photo.url);
    for (const width of [640, 2048]) {
      const [avif, webp] = await Promise.all(PHOTO_FORMATS.map((f) => fetchPublic(photoVariantUrl(photo, width, f))));
      expect(avif!.data.length).toBeLessThan(webp!.data.length);
    }
    expect(await storedNames(photo)).toHaveLength(8);
  }, 90_000);

  it('never enlarges: widths above the photo are skipped and the largest is its own width', async () => {
    const photo = await uploadPhoto(await makeImage({ format: 'png', width: 800, height: 600 }), 'image/png');
    expect(photo).toMatchObject({ width: 800, height: 600, widths: [320, 640, 800] });
    expect(await storedNames(photo)).toEqual(
      ['-320.avif', '-320.webp', '-640.avif', '-640.webp', '.avif', '.webp'].map((end) => `${path.basename(photo.url, '.webp')}${end}`),
    );
    for (const width of [1080, 2048]) expect((await fetchPublic(photo.url.replace('.webp', `-${width}.webp`))).status).toBe(404);

    const small = await uploadPhoto(await makeImage({ format: 'jpeg', width: 200, height: 150 }));
    expect(small).toMatchObject({ width: 200, height: 150, widths: [200] });
    expect((await sharp((await fetchPublic(photoVariantUrl(small, 200, 'avif'))).data).metadata()).width).toBe(200);

    // A tall photo is fitted inside 2048x2048 first: its widths stop at its fitted width.
    const tall = await uploadPhoto(await makeImage({ format: 'jpeg', width: 1000, height: 3000 }));
    expect(tall).toMatchObject({ width: 683, height: 2048, widths: [320, 640, 683] });
  });

  it('answers a placeholder that decodes to the photo’s colour and shape, and announces the photo', async () => {
    const photo = await uploadPhoto(await makeImage({ format: 'jpeg', width: 1200, height: 600, background: '#d03020' }));
    expect(photo.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const hash = Buffer.from(photo.placeholder!, 'base64');
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(2, 0);
    const { r, g, b } = thumbHashToAverageRGBA(hash);
    expect(r).toBeGreaterThan(0.7);
    expect(g).toBeLessThan(0.3);
    expect(b).toBeLessThan(0.3);

    const rows = await media.svc.ctx.db.select().from(media.svc.ctx.tables.outbox);
    const events = rows
      .map((row) => row.envelope as { type: string; payload: Record<string, unknown> })
      .filter((e) => e.type === 'photo.stored');
    expect(events.map((e) => e.payload)).toContainEqual({
      url: photo.url,
      width: 1200,
      height: 600,
      placeholder: photo.placeholder,
      widths: [320, 640, 1080, 1200],
      formats: ['avif', 'webp'],
      uploaderId: MEMBER,
    });
  });

  it('keeps animations animated in WebP at the smaller widths (no AVIF)', async () => {
    const gif = await makeAnimatedGif(700, 100, ['#ff0000', '#00ff00', '#0000ff']);
    const photo = await uploadPhoto(gif, 'image/gif');
    expect(photo).toMatchObject({ width: 700, height: 100, widths: [320, 640, 700], formats: ['webp'] });
    expect(photo.placeholder).not.toBeNull();
    const meta = await sharp((await fetchPublic(photoVariantUrl(photo, 320, 'webp'))).data, { animated: true }).metadata();
    expect({ format: meta.format, pages: meta.pages, width: meta.width }).toEqual({ format: 'webp', pages: 3, width: 320 });
    expect((await fetchPublic(photo.url.replace('.webp', '.avif'))).status).toBe(404);
  });

  it('still serves a photo stored before, alone, and refuses uploads from anyone but a signed-in member', async () => {
    const old = 'images/0123456789abcdef0123456789abcdef.webp';
    await media.storage.put(
      old,
      await sharp(await makeImage({ format: 'png', width: 64, height: 64 }))
        .webp()
        .toBuffer(),
      'image/webp',
    );
    const served = await fetchPublic(`/uploads/${old}`);
    expect([served.status, served.type]).toEqual([200, 'image/webp']);
    expect((await fetchPublic(`/uploads/${old.replace('.webp', '-320.avif')}`)).status).toBe(404);

    const before = (await readdir(path.join(media.dir, 'images'))).length;
    const anonymous = await upload(await makeImage({ format: 'jpeg', width: 900, height: 900 }), 'image/jpeg', {});
    expect(anonymous.statusCode).toBe(401);
    expect((await readdir(path.join(media.dir, 'images'))).length).toBe(before);
  });

  it('removes a photo’s variants with it, by URL and when its uploader is erased', async () => {
    const photo = await uploadPhoto(await makeImage({ format: 'jpeg', width: 1100, height: 700 }));
    expect(await storedNames(photo)).toHaveLength(8);
    const res = await media.svc.app.inject({
      method: 'POST',
      url: '/internal/uploads/remove',
      headers: serviceCall(media.svc.ctx.env.INTERNAL_SECRET, 'stories-reels'),
      payload: { urls: [photo.url] },
    });
    expect(res.json()).toEqual({ removed: 8 });
    expect(await storedNames(photo)).toEqual([]);

    const erased = 5152;
    const body = multipartBody([
      { field: 'files', filename: 'p', contentType: 'image/jpeg', data: await makeImage({ format: 'jpeg', width: 700, height: 700 }) },
    ]);
    const up = await media.svc.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...media.svc.as(memberIdentity(erased)), ...body.headers },
      payload: body.payload,
    });
    const theirs = up.json<{ files: PhotoDetails[] }>().files[0]!;
    expect(await storedNames(theirs)).toHaveLength(6);
    const { id } = await publishEvent(media.svc, 'user.deleted', { userId: erased, profileFiles: [] }, erased, erased);
    await eventually(() => processed(media.svc, id));
    expect(await storedNames(theirs)).toEqual([]);
  });
});
