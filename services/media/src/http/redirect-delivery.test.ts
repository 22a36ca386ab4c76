import { describe, expect, it } from 'vitest';
import { parseMediaConfig } from '../config.js';
import { createLocalDiskStorage } from '../storage/local-disk.js';
import { createS3Storage } from '../storage/s3.js';
import { cdnDelivery, deliveryFromConfig, presignedDelivery } from './redirect-delivery.js';

// Signing is local: no server is asked.
const storage = createS3Storage({
  bucket: 'kora-media',
  endpoint: 'http://127.0.0.1:9',
  region: 'us-east-1',
  accessKeyId: 'id',
  secretAccessKey: 'secret',
  forcePathStyle: true,
  createBucket: false,
});
const KEY = 'videos/0123456789abcdef0123456789abcdef.mp4';

describe('redirect delivery', () => {
  it('signs one URL per half-lifetime window and caches the 302 until that window ends', async () => {
    const delivery = presignedDelivery(storage, 300);
    const start = Date.UTC(2026, 0, 1, 12, 0, 0); // a window boundary: 150 s windows
    const first = await delivery.redirectFor(KEY, new Date(start + 10_000));
    const same = await delivery.redirectFor(KEY, new Date(start + 149_000));
    const next = await delivery.redirectFor(KEY, new Date(start + 150_000));
    expect(first.location).toMatch(/^http:\/\/127\.0\.0\.1:9\/kora-media\/videos\/[0-9a-f]{32}\.mp4\?/);
    expect(first.location).toContain('X-Amz-Expires=300');
    expect(first.location).toContain('X-Amz-Date=20260101T120000Z');
    expect(same.location).toBe(first.location);
    expect(next.location).not.toBe(first.location);
    expect([first.cacheControl, same.cacheControl, next.cacheControl]).toEqual([
      'private, max-age=140',
      'private, max-age=1',
      'private, max-age=150',
    ]);
  });

  it('points at the CDN with the key appended, cached for a year', async () => {
    expect(await cdnDelivery('https://cdn.example.test/m/').redirectFor(KEY)).toEqual({
      location: `https://cdn.example.test/m/${KEY}`,
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('is off for proxy delivery, and refuses presigning without object storage', () => {
    expect(deliveryFromConfig(parseMediaConfig({}), storage)).toBeNull();
    const env = { MEDIA_STORAGE: 's3', S3_BUCKET: 'kora-media', MEDIA_DELIVERY: 'redirect' };
    const redirect = parseMediaConfig(env);
    expect(deliveryFromConfig(redirect, storage)?.kind).toBe('presigned');
    expect(() => deliveryFromConfig(redirect, createLocalDiskStorage('/tmp/kora-unused'))).toThrow(/MEDIA_STORAGE=s3/);
    const cdn = parseMediaConfig({ ...env, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.test' });
    expect(deliveryFromConfig(cdn, createLocalDiskStorage('/tmp/kora-unused'))?.kind).toBe('cdn');
  });
});
