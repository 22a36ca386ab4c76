/**
 * The storage port: where uploaded and processed media live. Routes and workers depend on this
 * interface only; MEDIA_STORAGE picks the adapter (`from-config.ts`): the local disk (a folder, a
 * shared volume on Kubernetes) or an S3-compatible bucket (`s3.ts`, decision 051). Both pass the
 * same contract (`storage-contract.ts`).
 *
 * Every method takes a key made by `keys.ts` and refuses any other (`InvalidKeyError`) before
 * touching the disk. Stored objects are immutable: a key is written once and never overwritten,
 * which is what lets `/uploads/*` cache them for a year.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  modifiedAt: Date;
  /** A strong validator (quoted, as sent in the `ETag` header). */
  etag: string;
}

/** A byte range, both ends inclusive (as in `Content-Range`). */
export interface ByteRange {
  start: number;
  end: number;
}

export type StorageBody = Buffer | Uint8Array | Readable;

export interface OpenedObject {
  object: StoredObject;
  /** The whole object, or only `range` when one was given. */
  body: Readable;
}

export interface MediaStorage {
  readonly kind: string;
  /** Where the objects live, for the logs (a folder, a bucket). */
  readonly location: string;
  /** Prepares the storage (creates the root folder) and checks it is writable; called at start-up. */
  init(): Promise<void>;
  /**
   * Stores `body` under `key`, atomically (readers never see half a file). Refuses a key that
   * already exists (`ObjectExistsError`) and a content type that does not match the key's extension.
   */
  put(key: string, body: StorageBody, contentType: string): Promise<StoredObject>;
  /** Opens the object for reading, or null when it does not exist. */
  open(key: string, range?: ByteRange): Promise<OpenedObject | null>;
  stat(key: string): Promise<StoredObject | null>;
  /** True when something was removed. */
  remove(key: string): Promise<boolean>;
}

export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`A stored object already exists under ${key}`);
    this.name = 'ObjectExistsError';
  }
}
