/**
 * `POST /internal/images?kind=avatar|cover` — the auth service hands over a member's new avatar or
 * cover; we check it, re-encode it and store it under a random name, and answer its public URL.
 * Internal: only signed sibling-service calls (the gateway does not route `/internal`).
 *
 * Contract: multipart/form-data with one file field `file`.
 *   201 { url: '/uploads/profile/<32 hex>.webp', width, height, bytes }
 *   400 no file / not multipart / unreadable image (IMAGE_INVALID) / too many pixels
 *       (IMAGE_TOO_LARGE_DIMENSIONS) · 403 not a sibling service · 413 over the site's max upload
 *   size · 415 not one of the site's allowed image types (by magic bytes).
 */
import { errorBodySchema, storedImageSchema, type StoredImage } from '@kora/contracts';
import { AppError, requireServiceCall, type ServiceApp, type ServiceContext } from '@kora/platform/service';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { declaredTooLong, failedRead, MB, streamedBodyValidator, type MultipartTexts } from '../http/multipart.js';
import { processProfileImage, profileImageKinds } from '../images/profile-image.js';
import { newKey, publicUrl } from '../storage/keys.js';
import type { MediaStorage } from '../storage/port.js';
import { fileEmpty, imageRequired, imageTooLarge, multipartRequired as multipartRequiredError } from '../errors.js';

export const IMAGE_FIELD = 'file';

const query = z.object({
  kind: z.enum(profileImageKinds, { error: "The image kind must be 'avatar' or 'cover'" }),
});

/** The form, documented for OpenAPI; the body itself is a stream read by the handler. */
const uploadForm = z.object({
  [IMAGE_FIELD]: z.string().meta({ format: 'binary', description: 'The image: one file, JPEG, PNG, GIF or WEBP by default' }),
});

const multipartRequired = () => multipartRequiredError(IMAGE_FIELD, false);

/** The one file of the `file` field, bounded by `maxBytes` while it streams in. */
async function readImageField(request: FastifyRequest, maxBytes: number, texts: MultipartTexts): Promise<Buffer> {
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === IMAGE_FIELD && data === null) data = await part.toBuffer();
      else part.file.resume(); // drained: only the limits can still refuse it
    }
  } catch (err) {
    throw failedRead(request, err, texts);
  }
  if (data === null) throw imageRequired(IMAGE_FIELD);
  if (data.length === 0) throw fileEmpty(false);
  return data;
}

export function internalImageRoutes(app: ServiceApp, ctx: ServiceContext, storage: MediaStorage): void {
  app.post(
    '/internal/images',
    {
      schema: {
        tags: ['internal'],
        operationId: 'storeProfileImage',
        summary: 'Store a profile image (avatar or cover) for a sibling service',
        description:
          `Sibling services only (signed x-kora-service header). multipart/form-data with one file field ` +
          `'${IMAGE_FIELD}': checked by magic bytes against the allowed image types, limited to the max ` +
          'upload size and to 12000 px a side / 40 megapixels, then re-encoded to WebP without metadata ' +
          '(avatar: inside 512x512; cover: cropped to 3:1, at most 1500x500) and stored under a random name.',
        consumes: ['multipart/form-data'],
        querystring: query,
        body: uploadForm,
        response: { 201: storedImageSchema, 400: errorBodySchema, 403: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema },
      },
      // Before validation: a caller that is not a sibling service learns nothing about the input.
      onRequest: async (request) => void requireServiceCall(request),
      validatorCompiler: streamedBodyValidator(app),
    },
    async (request, reply) => {
      const { kind } = request.query;
      const storageSettings = ctx.siteSettings.current().storage;
      const maxBytes = storageSettings.maxUploadMB * MB;
      const texts: MultipartTexts = {
        tooLarge: () => imageTooLarge(storageSettings.maxUploadMB),
        tooManyFiles: 'Send one image at a time',
        multipartRequired,
      };

      if (!request.isMultipart()) throw multipartRequired();
      // A declared length well over the limit is refused before a byte is read.
      if (declaredTooLong(request, maxBytes)) throw texts.tooLarge();

      const upload = await readImageField(request, maxBytes, texts);
      let image;
      try {
        image = await processProfileImage(upload, kind, storageSettings.allowedImageMime);
      } catch (err) {
        if (err instanceof AppError)
          request.log.info({ code: err.code, cause: (err.cause as Error | undefined)?.message, bytes: upload.length }, 'image refused');
        throw err;
      }
      const key = newKey('profile', 'webp');
      const stored = await storage.put(key, image.data, image.contentType);
      request.log.info({ caller: request.callerService, kind, key, bytesIn: upload.length, bytesOut: stored.size }, 'profile image stored');
      const body: StoredImage = { url: publicUrl(key), width: image.width, height: image.height, bytes: stored.size };
      return reply.code(201).send(body);
    },
  );
}
