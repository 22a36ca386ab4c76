/** The media service: uploads, stored files and the video/image processing workers. */
import multipart from '@fastify/multipart';
import { memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import sharp from 'sharp';
import { createMedia, type MediaServiceOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { registerArchiveQueues } from './jobs/archive-queue.js';
import { registerVideoQueue } from './jobs/video-queue.js';
import { eraseMediaMember } from './uploads/erase-member.js';
import { archiveRoutes } from './routes/archive.js';
import { internalImageRoutes } from './routes/internal-images.js';
import { internalUploadRoutes } from './routes/internal-uploads.js';
import { mediaUploadRoutes } from './routes/upload.js';
import { uploadRoutes as storedFileRoutes } from './routes/uploads.js';
import { videoRoutes } from './routes/videos.js';

export type { MediaServiceOptions } from './context.js';

/**
 * Limits every multipart body starts from; each route passes its own file size (from the site
 * settings, read per request), and the upload route its own file count. Anything beyond them is
 * refused while the body streams in.
 */
const multipartLimits = {
  fieldNameSize: 100,
  fieldSize: 4 * 1024,
  fields: 10,
  files: 1,
  parts: 11,
  headerPairs: 50,
};

/**
 * The service definition. Its configuration (MEDIA_DIR, FFMPEG_PATH, FFPROBE_PATH,
 * MEDIA_VIDEO_WORKERS, MEDIA_VIDEO_CONCURRENCY, MEDIA_VIDEO_TIMEOUT_SECONDS, and the storage and
 * delivery variables of config.ts: MEDIA_STORAGE, S3_*, MEDIA_DELIVERY, MEDIA_PUBLIC_BASE_URL) is
 * read from `options.env`, else `process.env`.
 */
export function createMediaService(options: MediaServiceOptions = {}): ServiceDefinition {
  // The platform registers jobs before it builds the routes; both share one instance per start.
  const instance = perContext((ctx) => createMedia(ctx, options));
  return {
    name: 'media',
    description: 'Uploads, stored files and the video/image processing workers',
    schema: 'media',
    migrations,
    jobs(ctx) {
      registerVideoQueue(instance(ctx));
      registerArchiveQueues(instance(ctx));
    },
    // An erased member's files go (decision 034).
    consumers: (ctx) => [{ name: 'erasure', handlers: { 'user.deleted': (event, tx) => eraseMediaMember(instance(ctx), tx, event) } }],
    async routes(app, ctx) {
      const media = instance(ctx);
      await media.ready;
      // libvips' operation cache only helps when the same file is processed again; uploads never are.
      sharp.cache(false);

      await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
      internalImageRoutes(app, ctx, media.storage);
      await internalUploadRoutes(app, media);
      // Members only, refused before the body is read: an anonymous caller uploads nothing.
      await memberRoutes(app, async (members) => {
        await mediaUploadRoutes(members, media);
        videoRoutes(members, media);
        // "Download your data" (decision 035): the member's own archive only.
        await archiveRoutes(members, media);
      });
      await storedFileRoutes(app, media.storage, media.delivery);
    },
  };
}
