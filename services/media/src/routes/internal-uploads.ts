/**
 * The media API for sibling services (signed service calls only; the gateway does not route
 * `/internal`), decision 022:
 *
 * - `POST /internal/uploads?purpose&uploaderId` — a sibling hands over a member's file (the
 *   stories-reels service, a story's photo or video): one file in the field `file`, checked and
 *   stored under that purpose's rules exactly as `POST /api/media/upload` does. 201 the stored file.
 * - `GET /internal/videos?url=` — a video by its public URL, with its uploader, purpose and state,
 *   so a reel is made only of its author's own reel upload, answered at once. 404 when unknown.
 * - `POST /internal/uploads/remove` `{ urls }` — removes stored uploads (`uploads/remove.ts`).
 *
 * Anyone else gets 403 before the input is even looked at.
 */
import {
  errorBodySchema,
  INTERNAL_UPLOAD_FIELD,
  internalUploadQuery,
  internalVideoQuery,
  internalVideoSchema,
  removeUploadsAnswer,
  removeUploadsBody,
  uploadedFileSchema,
  type InternalVideo,
  type UploadedFile,
} from '@kora/contracts';
import { badRequest, requireServiceCall, type ServiceApp } from '@kora/platform/service';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Media } from '../context.js';
import { streamedBodyValidator } from '../http/multipart.js';
import { receiveAndStore } from '../uploads/receive-and-store.js';
import { removableKey, removeUploads } from '../uploads/remove.js';
import { answerOf } from '../uploads/store.js';
import { findVideoByKey, toInternalVideo } from '../videos/records.js';
import { multipartRequired as multipartRequiredError, videoNotFound } from '../errors.js';

const uploadForm = z.object({
  [INTERNAL_UPLOAD_FIELD]: z.string().meta({ format: 'binary', description: "One photo or video, under the purpose's rules" }),
});

const multipartRequired = () => multipartRequiredError(INTERNAL_UPLOAD_FIELD, false);
const fileRequired = () => badRequest(`Send one file in the field '${INTERNAL_UPLOAD_FIELD}'`, 'FILE_REQUIRED');

const videoExample: InternalVideo = {
  id: 31,
  url: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4',
  uploaderId: 42,
  purpose: 'reel',
  sourceMime: 'video/mp4',
  sourceBytes: 18_874_368,
  status: 'ready',
  posterUrl: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b-poster.jpg',
  durationSeconds: 14.2,
  width: 1080,
  height: 1920,
  error: null,
};

const fileExample: UploadedFile = {
  url: '/uploads/videos/9a8b7c6d5e4f30211a2b3c4d5e6f7a8b.mp4',
  type: 'video',
  videoId: 31,
  width: null,
  height: null,
};

/** Before validation: a caller that is not a sibling service learns nothing about the input. */
const siblingsOnly = async (request: FastifyRequest) => void requireServiceCall(request);

export async function internalUploadRoutes(app: ServiceApp, media: Media): Promise<void> {
  await app.register(async (scope) => {
    // As on the public upload: any body type reaches the handler, so a body that is not multipart
    // answers our 400 rather than Fastify's 415.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    internalUploadRoute(scope, media);
  });
  internalVideoRoutes(app, media);
}

function internalUploadRoute(app: ServiceApp, media: Media): void {
  app.post(
    '/internal/uploads',
    {
      schema: {
        tags: ['internal'],
        operationId: 'storeUploadForSibling',
        summary: "Store a member's upload for a sibling service (a story's photo or video)",
        description:
          `Sibling services only (signed x-kora-service header). multipart/form-data with one file field '${INTERNAL_UPLOAD_FIELD}', ` +
          "checked and stored under the purpose's rules as POST /api/media/upload does (size, types by magic bytes, feature " +
          'switch); a video is queued for the worker, which applies the length rule.',
        consumes: ['multipart/form-data'],
        querystring: internalUploadQuery,
        body: uploadForm,
        response: {
          201: uploadedFileSchema.meta({ example: fileExample }),
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
      onRequest: siblingsOnly,
      validatorCompiler: streamedBodyValidator(app),
    },
    async (request, reply) => {
      const { purpose, uploaderId } = request.query;
      const [stored] = await receiveAndStore(media, request, reply, {
        uploaderId,
        purpose,
        field: INTERNAL_UPLOAD_FIELD,
        multipartRequired,
        noFiles: fileRequired,
      });
      const { type, videoId, key, bytesIn, bytesOut, mime } = stored!;
      request.log.info(
        { caller: request.callerService, uploaderId, purpose, type, mime, key, bytesIn, bytesOut, videoId },
        'upload stored for a sibling',
      );
      const body: UploadedFile = answerOf(stored!);
      return reply.code(201).send(body);
    },
  );
}

function internalVideoRoutes(app: ServiceApp, media: Media): void {
  app.get(
    '/internal/videos',
    {
      schema: {
        tags: ['internal'],
        operationId: 'findVideoForSibling',
        summary: 'A video by its public URL, with its uploader, purpose and state',
        description: 'Sibling services only. 404 when no video has that URL.',
        querystring: internalVideoQuery,
        response: { 200: internalVideoSchema.meta({ example: videoExample }), 403: errorBodySchema, 404: errorBodySchema },
      },
      onRequest: siblingsOnly,
    },
    async (request) => {
      const parsed = removableKey(request.query.url);
      const video = parsed?.area === 'videos' ? await findVideoByKey(media, parsed.key) : undefined;
      if (!video) throw videoNotFound();
      return toInternalVideo(video);
    },
  );

  app.post(
    '/internal/uploads/remove',
    {
      schema: {
        tags: ['internal'],
        operationId: 'removeUploadsForSibling',
        summary: 'Remove stored uploads by their public URLs',
        description:
          "Sibling services only. Only this site's /uploads/images/… and /uploads/videos/… URLs are accepted (400 otherwise, " +
          'nothing removed); a video takes its poster and any waiting upload with it. Unknown URLs are skipped; removing twice ' +
          'is harmless. Answers how many files were there.',
        body: removeUploadsBody.meta({ example: { urls: ['/uploads/images/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp'] } }),
        response: { 200: removeUploadsAnswer.meta({ example: { removed: 1 } }), 400: errorBodySchema, 403: errorBodySchema },
      },
      onRequest: siblingsOnly,
    },
    async (request) => {
      const removed = await removeUploads(media, request.body.urls);
      request.log.info({ caller: request.callerService, urls: request.body.urls.length, removed }, 'uploads removed for a sibling');
      return { removed };
    },
  );
}
