/**
 * What the media routes and the video worker share for one running instance: configuration,
 * tables, the storage (prepared once: the worker may be registered before the routes are built)
 * and the video queue's options.
 */
import type { ServiceName } from '@kora/contracts';
import type { QueueOptions, ServiceContext } from '@kora/platform/service';
import { ARCHIVE_SOURCES } from './archive/sources.js';
import { mediaConfig, parseMediaConfig, type MediaConfig } from './config.js';
import { mediaSchema, type MediaTables } from './db/schema.js';
import { deliveryFromConfig, type RedirectDelivery } from './http/redirect-delivery.js';
import { storageFromConfig } from './storage/from-config.js';
import type { MediaStorage } from './storage/port.js';

export interface MediaServiceOptions {
  /** Where files are stored; defaults to what MEDIA_STORAGE names (tests pass a temp folder or bucket). */
  storage?: MediaStorage;
  /** Variables to read instead of `process.env` (tests). */
  env?: Record<string, string | undefined>;
  /** Overrides of the video queue's retry options (tests shorten the back-off). */
  videoQueue?: Pick<QueueOptions, 'attempts' | 'backoffMs'>;
  /** Overrides of the archive queue's retry options (tests shorten the back-off). */
  archiveQueue?: Pick<QueueOptions, 'attempts' | 'backoffMs'>;
  /** The services an archive is made of (decision 035); tests name the stubs they run. */
  archiveSources?: readonly ServiceName[];
}

export interface Media {
  ctx: ServiceContext;
  config: MediaConfig;
  tables: MediaTables;
  storage: MediaStorage;
  /** How `/uploads/*` answers with MEDIA_DELIVERY=redirect; null when it streams the bytes itself. */
  delivery: RedirectDelivery | null;
  /** Settles when the storage is ready (rejects when it cannot be used). */
  ready: Promise<void>;
  videoQueue: Required<QueueOptions>;
  archiveQueue: Required<QueueOptions>;
  archiveSources: readonly ServiceName[];
}

/** Transcoding is retried twice (3 tries in all), after 10 s then 20 s. */
const VIDEO_QUEUE_DEFAULTS = { attempts: 3, backoffMs: 10_000 };
/** An archive is tried 3 times, after 1 then 2 minutes (a sibling restarting); one at a time per process. */
const ARCHIVE_QUEUE_DEFAULTS = { attempts: 3, backoffMs: 60_000, concurrency: 1 };

export function createMedia(ctx: ServiceContext, options: MediaServiceOptions): Media {
  const config = options.env ? parseMediaConfig(options.env) : mediaConfig();
  const storage = options.storage ?? storageFromConfig(config);
  const delivery = deliveryFromConfig(config, storage);
  const ready = storage.init().then(() => ctx.log.info({ storage: storage.kind, location: storage.location }, 'media storage ready'));
  // Awaited by the routes (a start-up failure) and by each job; never an unhandled rejection meanwhile.
  ready.catch(() => {});
  return {
    ctx,
    config,
    tables: mediaSchema(ctx.schema),
    storage,
    delivery,
    ready,
    videoQueue: { ...VIDEO_QUEUE_DEFAULTS, ...options.videoQueue, concurrency: config.MEDIA_VIDEO_CONCURRENCY },
    archiveQueue: { ...ARCHIVE_QUEUE_DEFAULTS, ...options.archiveQueue },
    archiveSources: options.archiveSources ?? ARCHIVE_SOURCES,
  };
}
