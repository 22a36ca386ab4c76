/**
 * One error handler for every Fastify app: known errors answer `{ error, message, code }` with their
 * status; validation failures answer 400 with the schema's own message (the product's texts live in
 * the schemas); text the database cannot store (a NUL) answers 400; a dependency out of reach
 * answers 503; anything unexpected is logged with the request context and answered as a bare 500.
 */
import { ErrorCode, errorBody } from '@kora/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { isDependencyOutage } from './dependency-outage.js';
import { isNullCharacterRefusal, nullCharacterRefused } from './null-characters.js';

/**
 * The most JSON a service reads in one request (Fastify's `bodyLimit`, build-app.ts). The gateway
 * refuses a body declared past it before passing it on (gateway/src/proxy.ts).
 */
export const SERVICE_JSON_BODY_LIMIT = 1024 * 1024;

/** Fastify's own client errors, with product wording instead of framework wording. */
const frameworkErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.BadRequest, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.BadRequest, message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.PayloadTooLarge, message: 'The request is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.UnsupportedMediaType, message: 'This content type is not supported' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.BadRequest, message: 'The request length is invalid' },
};

/**
 * Errors Fastify's router answers before any hook or handler (Fastify's `frameworkErrors` option):
 * an address it cannot decode, or a path part longer than the router's `maxParamLength`. Without
 * this they answer in Fastify's own shape, which repeats the path in `message`.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // Nothing Kora stores has a key that long (ids are numbers, tags at most 50 letters): the
    // address names nothing.
    void reply.code(404).send(errorBody('Not found', ErrorCode.NotFound));
    return;
  }
  void reply.code(400).send(errorBody('The address is not valid', ErrorCode.BadRequest));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send(errorBody(err.message, err.code));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message = first?.message ?? 'The request is not valid';
      return reply.code(400).send(errorBody(message, ErrorCode.ValidationFailed));
    }
    if (err.validation) {
      return reply.code(400).send(errorBody(err.message, ErrorCode.ValidationFailed));
    }
    const known = err.code ? frameworkErrors[err.code] : undefined;
    if (known) return reply.code(known.status).send(errorBody(known.message, known.code));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(errorBody(err.message, ErrorCode.BadRequest));
    }
    if (isNullCharacterRefusal(err)) {
      const refused = nullCharacterRefused();
      return reply.code(refused.statusCode).send(errorBody(refused.message, refused.code));
    }
    if (isDependencyOutage(err)) {
      // A database or service out of reach (restarting, failing over): worth a retry, not a bug.
      request.log.warn({ err }, 'dependency unavailable');
      return reply.code(503).send(errorBody('The service is unavailable. Please try again shortly.', ErrorCode.ServiceUnavailable));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody('Something went wrong', ErrorCode.Internal));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(`No route for ${request.method} ${request.url.split('?')[0]}`, ErrorCode.NotFound));
  });
}
