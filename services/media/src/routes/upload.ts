/**
 * `POST /api/media/upload` — a member uploads 1 to 10 photos and videos (multipart, file field
 * `files`) for a post, a story, a reel. Contract: `@kora/contracts` api/media.
 *
 *   201 { urls, files: [{ url, type, videoId, width, height }] }, in the order sent
 *   400 not multipart (MULTIPART_REQUIRED) · no file (FILE_REQUIRED) · more than 10 (TOO_MANY_FILES)
 *       · an empty file (FILE_EMPTY) · an unreadable image (IMAGE_INVALID) · too many pixels
 *       (IMAGE_TOO_LARGE_DIMENSIONS) · a broken body (MULTIPART_INVALID)
 *   401 not signed in · 413 a file over the site's max upload size (PAYLOAD_TOO_LARGE)
 *   415 not one of the site's allowed photo/video types by magic bytes (UNSUPPORTED_MEDIA_TYPE)
 *
 * Every file is received and checked (images fully re-encoded) before the first is stored, so one
 * bad file fails the request with nothing left behind. Images are stored re-encoded (WebP, inside
 * 2048x2048, animations kept: `images/post-image.ts`); videos are stored raw and queued for the
 * worker, and their answer is the URL the MP4 will have (`GET /api/media/videos/:id` says when).
 */
import { MAX_FILES_PER_UPLOAD, MEDIA_UPLOAD_FIELD, mediaTexts, uploadAnswer, type UploadAnswer } from '@kora/contracts';
import { AppError, errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Media } from '../context.js';
import { closeIfUnread, declaredTooLong, MB, streamedBodyValidator, type MultipartTexts } from '../http/multipart.js';
import { processPostImage } from '../images/post-image.js';
import { receiveFiles, type ReceivedFile } from '../uploads/receive.js';
import { storeUpload, type PreparedFile, type StoredFile } from '../uploads/store.js';
import { multipartRequired as multipartRequiredError, uploadTooLarge } from '../errors.js';

/** The form, documented for OpenAPI; the body itself is a stream read by the handler. */
const uploadForm = z.object({
  [MEDIA_UPLOAD_FIELD]: z
    .array(z.string().meta({ format: 'binary' }))
    .describe(`1 to ${MAX_FILES_PER_UPLOAD} photos (JPEG, PNG, GIF, WEBP) or videos (MP4, WEBM, MOV) by default`),
});

const multipartRequired = () => multipartRequiredError(MEDIA_UPLOAD_FIELD, true);

/** Images are decoded and re-encoded here, one at a time (memory), before anything is stored. */
async function prepare(files: ReceivedFile[]): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  for (const file of files) {
    if (file.kind === 'video') prepared.push({ ...file, kind: 'video' });
    else prepared.push({ ...file, kind: 'image', image: await processPostImage(await readFile(file.file), file.mime) });
  }
  return prepared;
}

export async function mediaUploadRoutes(app: ServiceApp, media: Media): Promise<void> {
  await app.register(async (scope) => {
    // In this route's own scope, any body type reaches the handler, so a body that is not multipart
    // (octet-stream, a raw file) answers the same 400 as JSON does rather than Fastify's 415, and the
    // 415 stays the answer for a file of a type we do not take.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    routes(scope as ServiceApp, media);
  });
}

function routes(app: ServiceApp, media: Media): void {
  const { ctx } = media;

  app.post(
    '/api/media/upload',
    {
      schema: {
        tags: ['media'],
        operationId: 'uploadMedia',
        summary: 'Upload photos and videos',
        description:
          `multipart/form-data, 1 to ${MAX_FILES_PER_UPLOAD} files in fields named '${MEDIA_UPLOAD_FIELD}', each at most the site's ` +
          'max upload size and of an allowed type by its magic bytes. Photos are stored re-encoded (WebP, inside 2048x2048, no ' +
          'metadata, GIF animations kept); videos are transcoded to MP4 by a worker: their URL is answered at once and ' +
          'GET /api/media/videos/{id} tells when it plays.',
        ...memberOnly,
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 201: uploadAnswer, 400: errors[400], 401: errors[401], 413: errors[413], 415: errors[415] },
      },
      validatorCompiler: streamedBodyValidator(app),
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const settings = ctx.siteSettings.current().storage;
      const maxBytes = settings.maxUploadMB * MB;
      const texts: MultipartTexts = {
        tooLarge: () => uploadTooLarge(settings.maxUploadMB),
        tooManyFiles: mediaTexts.tooManyFiles,
        multipartRequired,
      };

      if (!request.isMultipart()) throw multipartRequired();
      // A declared length more than ten full files can make is refused before a byte is read.
      if (declaredTooLong(request, maxBytes * MAX_FILES_PER_UPLOAD)) throw texts.tooLarge();

      const work = await mkdtemp(path.join(tmpdir(), 'kora-upload-'));
      let stored: StoredFile[];
      try {
        const received = await receiveFiles(request, work, { ...settings, maxBytes }, texts).catch((err: unknown) => {
          closeIfUnread(request, reply);
          throw err;
        });
        stored = await storeUpload(media, userId, await prepare(received));
      } catch (err) {
        // `cause` keeps the decoder's own words; the client got the product text only.
        if (err instanceof AppError) request.log.info({ userId, code: err.code, cause: (err.cause as Error | undefined)?.message }, 'upload refused');
        throw err;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      request.log.info(
        { userId, files: stored.map(({ type, mime, key, bytesIn, bytesOut, videoId }) => ({ type, mime, key, bytesIn, bytesOut, videoId })) },
        'media uploaded',
      );
      const files = stored.map(({ url, type, videoId, width, height }) => ({ url, type, videoId, width, height }));
      const body: UploadAnswer = { urls: files.map((f) => f.url), files };
      return reply.code(201).send(body);
    },
  );
}
