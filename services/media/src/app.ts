/** The media service: uploads, stored files and the video/image processing workers. */
import multipart from '@fastify/multipart';
import type { ServiceDefinition } from '@kora/platform';
import sharp from 'sharp';
import { mediaConfig } from './config.js';
import { migrations } from './db/migrations.js';
import { internalImageRoutes } from './routes/internal-images.js';
import { uploadRoutes } from './routes/uploads.js';
import { createLocalDiskStorage } from './storage/local-disk.js';
import type { MediaStorage } from './storage/port.js';

export interface MediaServiceOptions {
  /** Where files are stored; defaults to the local disk under MEDIA_DIR (tests pass a temp folder). */
  storage?: MediaStorage;
}

/**
 * Limits every multipart body starts from; each route passes its own file size (from the site
 * settings, read per request). Anything beyond them is refused while the body streams in.
 */
const multipartLimits = {
  fieldNameSize: 100,
  fieldSize: 4 * 1024,
  fields: 10,
  files: 1,
  parts: 11,
  headerPairs: 50,
};

export function createMediaService(options: MediaServiceOptions = {}): ServiceDefinition {
  return {
    name: 'media',
    description: 'Uploads, stored files and the video/image processing workers',
    schema: 'media',
    migrations,
    async routes(app, ctx) {
      const storage = options.storage ?? createLocalDiskStorage(mediaConfig().MEDIA_DIR);
      await storage.init();
      ctx.log.info({ storage: storage.kind, location: storage.location }, 'media storage ready');
      // libvips' operation cache only helps when the same file is processed again; uploads never are.
      sharp.cache(false);

      await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
      internalImageRoutes(app, ctx, storage);
      await uploadRoutes(app, storage);
    },
  };
}

export const mediaService: ServiceDefinition = createMediaService();
