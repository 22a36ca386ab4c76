/**
 * What the upload routes share about reading multipart/form-data with @fastify/multipart: the
 * parser's errors in product words, the early refusal of a body declared too long, and a body
 * "schema" that documents the form for OpenAPI without Fastify trying to validate a stream.
 */
import { AppError, type ServiceApp } from '@kora/platform/service';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { errnoCode } from '../storage/local-disk.js';
import { multipartInvalid, tooManyFields, tooManyFiles } from '../errors.js';

export const MB = 1024 * 1024;
/** Room for the multipart framing around the files, when judging a declared Content-Length. */
export const FRAMING_ALLOWANCE = 64 * 1024;

/** The words a route uses for the limits the parser enforces. */
export interface MultipartTexts {
  tooLarge: () => AppError;
  tooManyFiles: string;
  multipartRequired: () => AppError;
}

/** Errors @fastify/multipart raises while reading, in product words; AppErrors pass through. */
export function multipartReadError(err: unknown, texts: MultipartTexts): AppError {
  if (err instanceof AppError) return err;
  switch (errnoCode(err)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return texts.tooLarge();
    case 'FST_FILES_LIMIT':
      return tooManyFiles(texts.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooManyFields();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return texts.multipartRequired();
    default:
      return multipartInvalid();
  }
}

/** Maps a read failure, logging the unexpected ones (their cause is only in the parser's words). */
export function failedRead(request: FastifyRequest, err: unknown, texts: MultipartTexts): AppError {
  const mapped = multipartReadError(err, texts);
  if (mapped.code === 'MULTIPART_INVALID') request.log.info({ err }, 'unreadable multipart upload');
  return mapped;
}

/**
 * For a refusal sent while the client is still sending (a bad first file of ten): nothing will read
 * the rest of the body, so the connection is closed after the answer instead of being kept alive
 * with a half-read request on it (which would also hold up a graceful shutdown).
 */
export function closeIfUnread(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) reply.header('connection', 'close');
}

/** True when the client declared a body longer than `maxBytes` of files can make. */
export function declaredTooLong(request: FastifyRequest, maxBytes: number): boolean {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared > maxBytes + FRAMING_ALLOWANCE;
}

/**
 * A validator compiler that leaves the (streamed) body alone and validates everything else with
 * the platform's zod compiler, so a route can document its form as `body` for OpenAPI.
 */
export function streamedBodyValidator(app: ServiceApp): FastifySchemaCompiler<unknown> {
  const baseCompiler = app.validatorCompiler;
  if (!baseCompiler) throw new Error('The platform must set a validator compiler before the routes');
  return (route) => (route.httpPart === 'body' ? () => ({ value: undefined }) : baseCompiler(route));
}
