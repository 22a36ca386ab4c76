/**
 * A fresh bucket on the S3 server the test harness started (scripts/lib/s3proxy.mjs: S3_ENDPOINT
 * and its identity in the environment of the `real` stage), one per test file, emptied and removed
 * at the end. Without S3_ENDPOINT the S3 tests are skipped: the disk adapter's run on their own.
 */
import { DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { createS3Storage, type S3Storage, type S3StorageOptions } from './s3.js';

/** True when the harness gave an S3 server. */
export const hasTestS3 = (): boolean => Boolean(process.env.S3_ENDPOINT);

/** The server's options, for a new bucket (created at `init`). */
export function testS3Options(bucket = `kora-test-${randomBytes(6).toString('hex')}`): S3StorageOptions {
  const env = process.env;
  if (!env.S3_ENDPOINT) throw new Error('S3_ENDPOINT is not set: no S3 server for this test');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    createBucket: true,
  };
}

/** The variables a media service reads to use the same server and bucket (`options.env`). */
export function testS3Env(storage: S3Storage): Record<string, string> {
  const options = testS3Options(storage.bucket);
  return {
    MEDIA_STORAGE: 's3',
    S3_BUCKET: storage.bucket,
    S3_ENDPOINT: options.endpoint ?? '',
    S3_REGION: options.region,
    S3_ACCESS_KEY_ID: options.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: options.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: String(options.forcePathStyle),
  };
}

export async function createTestBucket(): Promise<S3Storage> {
  const storage = createS3Storage(testS3Options());
  await storage.init();
  return storage;
}

export async function removeTestBucket(storage: S3Storage | undefined): Promise<void> {
  if (!storage) return;
  const { client, bucket } = storage;
  for (;;) {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    const keys = (listed.Contents ?? []).map((object) => object.Key!);
    if (keys.length === 0) break;
    await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key }))));
  }
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
  storage.client.destroy();
}
