/**
 * One error handler for every Fastify app: known errors answer `{ error, message, code }` with their
 * status; validation failures answer 400 with the schema's own message (the product's texts live in
 * the schemas); text the database cannot store (a NUL) answers 400; a dependency out of reach
 * answers 503; anything unexpected is logged with the request context and answered as a bare 500.
 */
import { apiErrorTexts as t, ErrorCode, errorBody, fromEnglish, inLocale, type ErrorBody } from '@kora/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { isDependencyOutage } from './dependency-outage.js';
import { isNullCharacterRefusal, nullCharacterRefused } from './null-characters.js';
import { markLanguage, requestLanguage } from './request-locale.js';

/**
 * The most JSON a service reads in one request (Fastify's `bodyLimit`, build-app.ts). The gateway
 * refuses a body declared past it before passing it on (gateway/src/proxy.ts).
 */
export const SERVICE_JSON_BODY_LIMIT = 1024 * 1024;

/** Fastify's own client errors, with product wording instead of framework wording (read per request: its language). */
const frameworkErrors: Record<string, { status: number; code: string; message: () => string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.BadRequest, message: () => t.bodyNotJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.BadRequest, message: () => t.bodyEmpty },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.PayloadTooLarge, message: () => t.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.UnsupportedMediaType, message: () => t.contentTypeUnsupported },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.BadRequest, message: () => t.lengthInvalid },
};

/** A refusal, marked as written in the request's language. */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  markLanguage(request, reply);
  return reply.code(status).send(body);
}

/**
 * Errors Fastify's router answers before any hook or handler (Fastify's `frameworkErrors` option):
 * an address it cannot decode, or a path part longer than the router's `maxParamLength`. Without
 * this they answer in Fastify's own shape, which repeats the path in `message`.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Answered before any hook: the request's language is not set yet.
  inLocale({ language: requestLanguage(request) }, () => {
    if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      // Nothing Kora stores has a key that long (ids are numbers, tags at most 50 letters): the
      // address names nothing.
      void refuse(request, reply, 404, errorBody(t.notFound, ErrorCode.NotFound));
      return;
    }
    void refuse(request, reply, 400, errorBody(t.addressInvalid, ErrorCode.BadRequest));
  });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // Usually read in the request's language already; a text kept from earlier is put back into it.
      return refuse(request, reply, err.statusCode, errorBody(fromEnglish(err.message), err.code));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      // A schema's message was read when its module loaded (English): put back into the request's language.
      const message = first?.message ? fromEnglish(first.message) : t.requestInvalid;
      return refuse(request, reply, 400, errorBody(message, ErrorCode.ValidationFailed));
    }
    if (err.validation) {
      return refuse(request, reply, 400, errorBody(err.message, ErrorCode.ValidationFailed));
    }
    const known = err.code ? frameworkErrors[err.code] : undefined;
    if (known) return refuse(request, reply, known.status, errorBody(known.message(), known.code));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return refuse(request, reply, err.statusCode, errorBody(err.message, ErrorCode.BadRequest));
    }
    if (isNullCharacterRefusal(err)) {
      const refused = nullCharacterRefused();
      return refuse(request, reply, refused.statusCode, errorBody(refused.message, refused.code));
    }
    if (isDependencyOutage(err)) {
      // A database or service out of reach (restarting, failing over): worth a retry, not a bug.
      request.log.warn({ err }, 'dependency unavailable');
      return refuse(request, reply, 503, errorBody(t.dependencyUnavailable, ErrorCode.ServiceUnavailable));
    }
    request.log.error({ err }, 'unhandled error');
    return refuse(request, reply, 500, errorBody(t.somethingWentWrong, ErrorCode.Internal));
  });

  app.setNotFoundHandler((request, reply) => {
    refuse(request, reply, 404, errorBody(t.noRoute(request.method, request.url.split('?')[0]!), ErrorCode.NotFound));
  });
}
