/** The storage MEDIA_STORAGE names (decision 051): the folder MEDIA_DIR, or an S3 bucket. */
import type { MediaConfig } from '../config.js';
import { createLocalDiskStorage } from './local-disk.js';
import type { MediaStorage } from './port.js';
import { createS3Storage, type S3StorageOptions } from './s3.js';

export function s3OptionsFrom(config: MediaConfig): S3StorageOptions {
  // The schema refuses `s3` without a bucket; checked again so a caller cannot skip it.
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when MEDIA_STORAGE=s3');
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    createBucket: config.S3_CREATE_BUCKET,
  };
}

export function storageFromConfig(config: MediaConfig): MediaStorage {
  return config.MEDIA_STORAGE === 's3' ? createS3Storage(s3OptionsFrom(config)) : createLocalDiskStorage(config.MEDIA_DIR);
}
