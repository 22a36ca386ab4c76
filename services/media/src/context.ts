/**
 * What the media routes and the video worker share for one running instance: configuration,
 * tables, the storage (prepared once: the worker may be registered before the routes are built)
 * and the video queue's options.
 */
import type { QueueOptions, ServiceContext } from '@kora/platform/service';
import { mediaConfig, parseMediaConfig, type MediaConfig } from './config.js';
import { mediaSchema, type MediaTables } from './db/schema.js';
import { createLocalDiskStorage } from './storage/local-disk.js';
import type { MediaStorage } from './storage/port.js';

export interface MediaServiceOptions {
  /** Where files are stored; defaults to the local disk under MEDIA_DIR (tests pass a temp folder). */
  storage?: MediaStorage;
  /** Variables to read instead of `process.env` (tests). */
  env?: Record<string, string | undefined>;
  /** Overrides of the video queue's retry options (tests shorten the back-off). */
  videoQueue?: Pick<QueueOptions, 'attempts' | 'backoffMs'>;
}

export interface Media {
  ctx: ServiceContext;
  config: MediaConfig;
  tables: MediaTables;
  storage: MediaStorage;
  /** Settles when the storage is ready (rejects when it cannot be used). */
  ready: Promise<void>;
  videoQueue: Required<QueueOptions>;
}

/** Transcoding is retried twice (3 tries in all), after 10 s then 20 s. */
const VIDEO_QUEUE_DEFAULTS = { attempts: 3, backoffMs: 10_000 };

export function createMedia(ctx: ServiceContext, options: MediaServiceOptions): Media {
  const config = options.env ? parseMediaConfig(options.env) : mediaConfig();
  const storage = options.storage ?? createLocalDiskStorage(config.MEDIA_DIR);
  const ready = storage.init().then(() => ctx.log.info({ storage: storage.kind, location: storage.location }, 'media storage ready'));
  // Awaited by the routes (a start-up failure) and by each job; never an unhandled rejection meanwhile.
  ready.catch(() => {});
  return {
    ctx,
    config,
    tables: mediaSchema(ctx.schema),
    storage,
    ready,
    videoQueue: { ...VIDEO_QUEUE_DEFAULTS, ...options.videoQueue, concurrency: config.MEDIA_VIDEO_CONCURRENCY },
  };
}
