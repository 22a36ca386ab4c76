/**
 * `GET /api/media/videos/:id` — where a video is in its processing: `processing` with a progress,
 * `ready` with its poster, duration and size, or `failed` with the reason. Any member may ask
 * (the video's URL is public once posted); an id that names no video answers 404.
 */
import { videoStatusSchema } from '@kora/contracts';
import { errors, memberOnly, parsePathId, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Media } from '../context.js';
import { findVideo, toVideoStatus } from '../videos/records.js';
import { videoNotFound } from '../errors.js';

const params = z.object({ id: z.string().describe('The videoId the upload answered') });

export function videoRoutes(app: ServiceApp, media: Media): void {
  app.get(
    '/api/media/videos/:id',
    {
      schema: {
        tags: ['media'],
        operationId: 'getVideoStatus',
        summary: "A video's processing status",
        ...memberOnly,
        params,
        response: { 200: videoStatusSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      const video = await findVideo(media, parsePathId(request.params.id, videoNotFound));
      if (!video) throw videoNotFound();
      return toVideoStatus(video);
    },
  );
}
