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
import { ErrorCode, errorBodySchema } from '@kora/contracts';
import { AppError, badRequest, requireServiceCall, type ServiceApp, type ServiceContext } from '@kora/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { processProfileImage, profileImageKinds } from '../images/process-image.js';
import { newKey, publicUrl } from '../storage/keys.js';
import type { MediaStorage } from '../storage/port.js';

const MB = 1024 * 1024;
/** Room for the multipart framing around the file, when judging a declared Content-Length. */
const FRAMING_ALLOWANCE = 64 * 1024;
export const IMAGE_FIELD = 'file';

export const storedImageSchema = z.object({
  url: z.string().describe('Public path of the stored WebP, e.g. /uploads/profile/<name>.webp'),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int().describe('Size of the stored file'),
});

export type StoredImage = z.infer<typeof storedImageSchema>;

const query = z.object({
  kind: z.enum(profileImageKinds, { error: "The image kind must be 'avatar' or 'cover'" }),
});

/** The form, documented for OpenAPI; the body itself is a stream read by the handler. */
const uploadForm = z.object({
  [IMAGE_FIELD]: z.string().meta({ format: 'binary', description: 'The image: one file, JPEG, PNG, GIF or WEBP by default' }),
});

const multipartRequired = () =>
  badRequest(`Send the image as multipart/form-data, in a file field named '${IMAGE_FIELD}'`, 'MULTIPART_REQUIRED');

/** Errors @fastify/multipart raises while reading, in product words. */
function readError(err: unknown, tooLarge: () => AppError): AppError {
  if (err instanceof AppError) return err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return badRequest('Send one image at a time', 'TOO_MANY_FILES');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('The form has too many fields', 'TOO_MANY_FIELDS');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return multipartRequired();
    default:
      // Malformed or cut-off multipart bodies (busboy's errors, a client that went away).
      return badRequest('The upload could not be read', 'MULTIPART_INVALID');
  }
}

/** The one file of the `file` field, bounded by `maxBytes` while it streams in. */
async function readImageField(request: FastifyRequest, maxBytes: number, tooLarge: () => AppError): Promise<Buffer> {
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === IMAGE_FIELD && data === null) data = await part.toBuffer();
      else part.file.resume(); // drained: only the limits can still refuse it
    }
  } catch (err) {
    const mapped = readError(err, tooLarge);
    if (mapped.code === 'MULTIPART_INVALID') request.log.info({ err }, 'unreadable multipart upload');
    throw mapped;
  }
  if (data === null) throw badRequest(`Choose an image to upload (file field '${IMAGE_FIELD}')`, 'FILE_REQUIRED');
  if (data.length === 0) throw badRequest('The file is empty', 'FILE_EMPTY');
  return data;
}

export function internalImageRoutes(app: ServiceApp, ctx: ServiceContext, storage: MediaStorage): void {
  // The platform's zod compiler for the query; the multipart body is not validated as JSON.
  const baseCompiler = app.validatorCompiler;
  if (!baseCompiler) throw new Error('The platform must set a validator compiler before the routes');

  app.post(
    '/internal/images',
    {
      schema: {
        tags: ['internal'],
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
      validatorCompiler: (route) => (route.httpPart === 'body' ? () => ({ value: undefined }) : baseCompiler(route)),
    },
    async (request, reply) => {
      const { kind } = request.query;
      const storageSettings = ctx.siteSettings.current().storage;
      const maxBytes = storageSettings.maxUploadMB * MB;
      const tooLarge = () =>
        new AppError(413, ErrorCode.PayloadTooLarge, `The image is too large (max ${storageSettings.maxUploadMB} MB)`);

      if (!request.isMultipart()) throw multipartRequired();
      // A declared length well over the limit is refused before a byte is read.
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + FRAMING_ALLOWANCE) throw tooLarge();

      const upload = await readImageField(request, maxBytes, tooLarge);
      let image;
      try {
        image = await processProfileImage(upload, kind, storageSettings.allowedImageMime);
      } catch (err) {
        if (err instanceof AppError) request.log.info({ code: err.code, cause: (err.cause as Error | undefined)?.message, bytes: upload.length }, 'image refused');
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
