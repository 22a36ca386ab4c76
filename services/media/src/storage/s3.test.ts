import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE } from '../http/send-file.js';
import { newKey } from './keys.js';
import { createS3Storage, type S3Storage } from './s3.js';
import { createTestBucket, hasTestS3, removeTestBucket, testS3Options } from './s3-test-support.js';
import { storageContract } from './storage-contract.js';

// On the S3 server of the `real` stage (S3Proxy, decision 051); skipped where there is none.
describe.skipIf(!hasTestS3())('S3 storage', () => {
  let storage: S3Storage;

  beforeAll(async () => {
    storage = await createTestBucket();
  });
  afterAll(async () => {
    await removeTestBucket(storage);
  });

  storageContract('S3', () => storage);

  it('stores public objects with the year-long immutable Cache-Control, private ones uncached', async () => {
    const image = newKey('images', 'webp');
    const upload = newKey('incoming', 'bin');
    await storage.put(image, Buffer.from('img'), 'image/webp');
    await storage.put(upload, Buffer.from('raw'), 'application/octet-stream');
    const head = (key: string) => storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }));
    expect(await head(image)).toMatchObject({ CacheControl: IMMUTABLE_CACHE, ContentType: 'image/webp' });
    expect((await head(upload)).CacheControl).toBe('private, no-store');
  });

  it('gives presigned GET URLs that answer the bytes, whole or a range, until they expire', async () => {
    const key = newKey('videos', 'mp4');
    await storage.put(key, Buffer.from('0123456789'), 'video/mp4');
    const url = await storage.presignedGetUrl(key, { expiresInSeconds: 300, signingDate: new Date() });
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(await whole.text()).toBe('0123456789');
    const part = await fetch(url, { headers: { range: 'bytes=3-4' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('34');
    const old = await storage.presignedGetUrl(key, { expiresInSeconds: 60, signingDate: new Date(Date.now() - 3_600_000) });
    expect((await fetch(old)).status).toBe(403);
  });

  it('refuses to start on a missing bucket unless asked to create it', async () => {
    const missing = createS3Storage({ ...testS3Options(), createBucket: false });
    await expect(missing.init()).rejects.toThrow(/does not exist \(S3_CREATE_BUCKET=true creates it\)/);
    missing.client.destroy();
  });

  it('refuses to start with the wrong key, saying which variables to check', async () => {
    const denied = createS3Storage({ ...testS3Options(storage.bucket), secretAccessKey: 'not-the-secret' });
    await expect(denied.init()).rejects.toThrow(/S3_ACCESS_KEY_ID\/S3_SECRET_ACCESS_KEY/);
    denied.client.destroy();
  });
});
