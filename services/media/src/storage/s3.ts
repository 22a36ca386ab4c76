/**
 * S3-compatible object storage (AWS S3, S3Proxy, MinIO, …) behind the same port as the local disk
 * (decision 051): one bucket holding `<area>/<name>.<ext>` objects, so every media pod and worker
 * sees the same files without a shared volume.
 *
 * - Keys are checked by `assertValidKey` before any request, like the disk adapter's paths.
 * - A key is written once: the PUT carries `If-None-Match: *`, so the store itself refuses an
 *   existing key (412 → `ObjectExistsError`). A PUT is atomic: readers never see half an object.
 * - The content type stored and served comes from the key's extension, never from a client;
 *   public areas are stored with the year-long immutable Cache-Control `/uploads/*` sends, so a
 *   presigned or CDN delivery carries it too.
 * - `remove` asks HEAD first (S3's DELETE answers the same whether or not the key existed).
 */
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { IMMUTABLE_CACHE } from '../http/send-file.js';
import { assertValidKey, storageAreas } from './keys.js';
import { ObjectExistsError, type ByteRange, type MediaStorage, type OpenedObject, type StorageBody, type StoredObject } from './port.js';
import { sizedBody } from './sized-body.js';

export interface S3StorageOptions {
  bucket: string;
  /** The server's URL; undefined for AWS itself. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither uses the SDK's default chain (environment, a pod's role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (S3Proxy, MinIO). */
  forcePathStyle: boolean;
  /** Create the bucket at `init()` when it is missing, instead of refusing to start. */
  createBucket: boolean;
}

/** What a presigned URL needs: how long it is valid and the instant it is signed for. */
export interface PresignOptions {
  expiresInSeconds: number;
  signingDate: Date;
}

/** The objects the write check leaves for a moment: outside the key grammar, so never served. */
const WRITE_CHECK_PREFIX = '.kora-write-check/';

interface S3Failure {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown) => (err as S3Failure | null)?.$metadata?.httpStatusCode;
const nameOf = (err: unknown) => (err as S3Failure | null)?.name ?? (err as S3Failure | null)?.Code;

/** A missing key (not a missing bucket, which is a fault to report). */
function isMissingKey(err: unknown): boolean {
  const name = nameOf(err);
  return name !== 'NoSuchBucket' && (name === 'NotFound' || name === 'NoSuchKey' || statusOf(err) === 404);
}

/** `bytes 0-99/1234` → 1234. */
function totalOf(contentRange: string | undefined): number | null {
  const total = /\/(\d+)$/.exec(contentRange ?? '')?.[1];
  return total === undefined ? null : Number(total);
}

function isWellFormed(range: ByteRange): boolean {
  return Number.isSafeInteger(range.start) && Number.isSafeInteger(range.end) && range.start >= 0 && range.start <= range.end;
}

const ignore = () => {};
const quietLogger = { trace: ignore, debug: ignore, info: ignore, warn: ignore, error: ignore };

export function createS3Client(options: S3StorageOptions): S3Client {
  const credentials =
    options.accessKeyId && options.secretAccessKey
      ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
      : undefined;
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials,
    maxAttempts: 3,
    // The SDK's own warnings go to the console (a refused conditional PUT of a stream is one); every
    // failure reaches the caller as an error, which logs it with the request's context.
    logger: quietLogger,
    // Other servers than AWS differ in the optional checksums newer SDKs add to every call: only
    // send and check them where the API requires it.
    ...(options.endpoint ? ({ requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const) : {}),
  });
}

export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  readonly bucket: string;
  readonly client: S3Client;

  constructor(
    private readonly options: S3StorageOptions,
    client?: S3Client,
  ) {
    this.bucket = options.bucket;
    this.client = client ?? createS3Client(options);
  }

  get location(): string {
    return `s3://${this.bucket}${this.options.endpoint ? ` at ${this.options.endpoint}` : ''}`;
  }

  /** The bucket answers (created first when missing and allowed), and takes a write and a delete. */
  async init(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = statusOf(err);
      if (status === 404 && this.options.createBucket) await this.createBucket();
      else if (status === 404) throw new Error(`The bucket ${this.bucket} does not exist (S3_CREATE_BUCKET=true creates it)`);
      else if (status === 403)
        throw new Error(`Access to the bucket ${this.bucket} is denied: check S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY`);
      else throw new Error(`The bucket ${this.bucket} cannot be reached at ${this.location}: ${(err as Error).message}`, { cause: err });
    }
    const probe = `${WRITE_CHECK_PREFIX}${randomBytes(8).toString('hex')}`;
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: probe, Body: Buffer.alloc(0), ContentLength: 0 }));
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: probe }));
    } catch (err) {
      throw new Error(`The bucket ${this.bucket} cannot be written: ${(err as Error).message}`, { cause: err });
    }
  }

  private async createBucket(): Promise<void> {
    // Outside us-east-1, AWS wants the region named again.
    const region = this.options.region;
    const configuration = region === 'us-east-1' ? undefined : { LocationConstraint: region as BucketLocationConstraint };
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket, CreateBucketConfiguration: configuration }));
    } catch (err) {
      // Another pod created it first.
      if (nameOf(err) !== 'BucketAlreadyOwnedByYou') throw err;
    }
  }

  async put(key: string, body: StorageBody, contentType: string): Promise<StoredObject> {
    const parsed = assertValidKey(key);
    if (contentType !== parsed.contentType)
      throw new Error(`Content type ${contentType} does not match the key's extension (${parsed.contentType})`);
    const sized = await sizedBody(body);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: parsed.key,
          Body: sized.body,
          ContentLength: sized.length,
          ContentType: parsed.contentType,
          CacheControl: storageAreas[parsed.area].public ? IMMUTABLE_CACHE : 'private, no-store',
          IfNoneMatch: '*',
        }),
      );
    } catch (err) {
      // 412: the key exists. 409: AWS saw a concurrent conditional write of the same key.
      const status = statusOf(err);
      if (status === 412 || status === 409) throw new ObjectExistsError(key);
      throw err;
    } finally {
      if (sized.body instanceof Readable && !sized.body.readableEnded) sized.body.destroy();
      await sized.dispose();
    }
    const stored = await this.stat(key);
    if (!stored) throw new Error(`The stored object ${key} vanished right after it was written`);
    return stored;
  }

  async stat(key: string): Promise<StoredObject | null> {
    const parsed = assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: parsed.key }));
      return this.describe(parsed.key, parsed.contentType, head.ContentLength ?? 0, head.LastModified, head.ETag);
    } catch (err) {
      if (isMissingKey(err)) return null;
      throw err;
    }
  }

  async open(key: string, range?: ByteRange): Promise<OpenedObject | null> {
    const parsed = assertValidKey(key);
    if (range && !isWellFormed(range)) throw new RangeError(`Range ${range.start}-${range.end} is not a byte range`);
    let got;
    try {
      got = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: parsed.key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (err) {
      if (isMissingKey(err)) return null;
      if (statusOf(err) === 416) throw new RangeError(`Range ${range?.start}-${range?.end} is outside ${key}`);
      throw err;
    }
    // In Node.js the SDK's body is a Readable (an IncomingMessage).
    const body = got.Body as unknown as Readable;
    const size = range ? (totalOf(got.ContentRange) ?? got.ContentLength ?? 0) : (got.ContentLength ?? 0);
    // S3 shortens a range that runs past the end; the port refuses it, as the disk does.
    if (range && range.end >= size) {
      body.destroy();
      throw new RangeError(`Range ${range.start}-${range.end} is outside ${key} (${size} bytes)`);
    }
    return { object: this.describe(parsed.key, parsed.contentType, size, got.LastModified, got.ETag), body };
  }

  async remove(key: string): Promise<boolean> {
    const parsed = assertValidKey(key);
    // Two calls, not one: a key removed by someone else in between is still reported as ours.
    if (!(await this.stat(parsed.key))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: parsed.key }));
    return true;
  }

  /** A GET URL anyone can use until it expires (MEDIA_DELIVERY=redirect). */
  async presignedGetUrl(key: string, options: PresignOptions): Promise<string> {
    const parsed = assertValidKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: parsed.key }), {
      expiresIn: options.expiresInSeconds,
      signingDate: options.signingDate,
    });
  }

  private describe(key: string, contentType: string, size: number, modifiedAt: Date | undefined, etag: string | undefined): StoredObject {
    // S3's ETag is already quoted; a server that left the quotes off gets them here.
    const quoted = etag ? (etag.startsWith('"') ? etag : `"${etag}"`) : `"${size.toString(16)}"`;
    return { key, size, contentType, modifiedAt: modifiedAt ?? new Date(0), etag: quoted };
  }
}

export function createS3Storage(options: S3StorageOptions): S3Storage {
  return new S3Storage(options);
}
