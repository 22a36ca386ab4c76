/**
 * `POST /api/media/upload?purpose=post|story|reel` — a member uploads 1 to 10 photos and videos
 * (multipart, file field `files`) for a post, or one file for a story or a reel, under that
 * purpose's rules (`uploads/purpose-rules.ts`). Contract: `@kora/contracts` api/media.
 *
 *   201 { urls, files: [{ url, type, videoId, width, height, placeholder?, widths?, formats? }] }, in the order sent
 *   400 not multipart (MULTIPART_REQUIRED) · no file (FILE_REQUIRED) · more than 10 (TOO_MANY_FILES)
 *       · an empty file (FILE_EMPTY) · an unreadable image (IMAGE_INVALID) · too many pixels
 *       (IMAGE_TOO_LARGE_DIMENSIONS) · a broken body (MULTIPART_INVALID)
 *       · a story or reel of more than one file (TOO_MANY_FILES) · a bad purpose (VALIDATION_FAILED)
 *   401 not signed in · 404 stories or reels switched off (FEATURE_DISABLED)
 *   413 a file over the site's max upload size, or over 50 MB for a reel ("Max 50MB")
 *   415 not one of the site's allowed photo/video types by magic bytes (UNSUPPORTED_MEDIA_TYPE);
 *       for a reel, not an MP4, WEBM or MOV video ("Only MP4, WEBM or MOV allowed")
 *
 * Every file is received and checked (images fully re-encoded) before the first is stored, so one
 * bad file fails the request with nothing left behind. Images are stored re-encoded (WebP, inside
 * 2048x2048, animations kept: `images/post-image.ts`) with their smaller widths, AVIFs and a
 * placeholder (decision 044); videos are stored raw and queued for the
 * worker, and their answer is the URL the MP4 will have (`GET /api/media/videos/:id` says when).
 */
import { MAX_FILES_PER_UPLOAD, MEDIA_UPLOAD_FIELD, reelLimits, uploadAnswer, uploadQuery, type UploadAnswer } from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Media } from '../context.js';
import { streamedBodyValidator } from '../http/multipart.js';
import { receiveAndStore } from '../uploads/receive-and-store.js';
import { answerOf } from '../uploads/store.js';
import { multipartRequired as multipartRequiredError, noFiles } from '../errors.js';

/** The form, documented for OpenAPI; the body itself is a stream read by the handler. */
const uploadForm = z.object({
  [MEDIA_UPLOAD_FIELD]: z
    .array(z.string().meta({ format: 'binary' }))
    .describe(
      `1 to ${MAX_FILES_PER_UPLOAD} photos (JPEG, PNG, GIF, WEBP) or videos (MP4, WEBM, MOV) by default; one file for a story or a reel`,
    ),
});

const multipartRequired = () => multipartRequiredError(MEDIA_UPLOAD_FIELD, true);

export async function mediaUploadRoutes(app: ServiceApp, media: Media): Promise<void> {
  await app.register(async (scope) => {
    // In this route's own scope, any body type reaches the handler, so a body that is not multipart
    // (octet-stream, a raw file) answers the same 400 as JSON does rather than Fastify's 415, and the
    // 415 stays the answer for a file of a type we do not take.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    routes(scope, media);
  });
}

function routes(app: ServiceApp, media: Media): void {
  app.post(
    '/api/media/upload',
    {
      schema: {
        tags: ['media'],
        operationId: 'uploadMedia',
        summary: 'Upload photos and videos',
        description:
          `multipart/form-data, files in fields named '${MEDIA_UPLOAD_FIELD}'. purpose=post (default): 1 to ${MAX_FILES_PER_UPLOAD} ` +
          "files, each at most the site's max upload size and of an allowed type by its magic bytes. purpose=story: one photo or " +
          `video within the same limits (404 while stories are off). purpose=reel: one MP4, WEBM or MOV video of at most ` +
          `${reelLimits.maxMB} MB whatever the site's limit, at most ${reelLimits.maxSeconds} s long (404 while reels are off). ` +
          'Photos are stored re-encoded (WebP, inside 2048x2048, no metadata, GIF animations kept) and, beside that URL, in the ' +
          'narrower widths 320, 640 and 1080 (never enlarged) and in AVIF: a photo file answers its placeholder (a ThumbHash), ' +
          'widths and formats; <name>-<width>.<format> is a narrower width, <name>.avif the full size in AVIF. Videos are transcoded to MP4 ' +
          'by a worker: their URL is answered at once and GET /api/media/videos/{id} tells when it plays (or why it failed: a ' +
          'story video over 60 s or a reel over 90 s by its real length).',
        ...memberOnly,
        consumes: ['multipart/form-data'],
        querystring: uploadQuery,
        body: uploadForm,
        response: { 201: uploadAnswer, 400: errors[400], 401: errors[401], 404: errors[404], 413: errors[413], 415: errors[415] },
      },
      validatorCompiler: streamedBodyValidator(app),
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const { purpose } = request.query;
      const stored = await receiveAndStore(media, request, reply, {
        uploaderId: userId,
        purpose,
        field: MEDIA_UPLOAD_FIELD,
        multipartRequired,
        noFiles,
      });
      request.log.info(
        {
          userId,
          purpose,
          files: stored.map(({ type, mime, key, bytesIn, bytesOut, videoId }) => ({ type, mime, key, bytesIn, bytesOut, videoId })),
        },
        'media uploaded',
      );
      const files = stored.map(answerOf);
      const body: UploadAnswer = { urls: files.map((f) => f.url), files };
      return reply.code(201).send(body);
    },
  );
}
