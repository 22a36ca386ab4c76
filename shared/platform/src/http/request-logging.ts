/**
 * Request logging shared by the services and the gateway: one access line per request (written by
 * an onResponse hook through createAccessLog) instead of Fastify's two, the request id logged as
 * `traceId`, the one key every log line of a call carries across processes, and secrets in query
 * strings replaced before they reach a log.
 *
 * Services keep the id in async context (runWithTrace), so the logger's mixin stamps it on every
 * line, in request logs, event handlers and consumers alike: their request loggers drop Fastify's
 * `reqId` binding. The gateway has nothing but requests to log and no async context (it cost a
 * fifth of its time under load, docs/performance.md): its request loggers bind the id instead.
 */
import { LogController, type FastifyBaseLogger } from 'fastify';

type ChildLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: Parameters<FastifyBaseLogger['child']>[1],
) => FastifyBaseLogger;

const dropRequestId: ChildLoggerFactory = (logger, bindings, options) => {
  const { reqId: _reqId, ...rest } = bindings;
  return logger.child(rest, options);
};

const bindRequestIdAsTrace: ChildLoggerFactory = (logger, bindings, options) => {
  const { reqId, ...rest } = bindings;
  return logger.child({ ...rest, traceId: reqId }, options);
};

export function requestLoggingOptions(options: { bindTraceId?: boolean } = {}) {
  return {
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: options.bindTraceId ? bindRequestIdAsTrace : dropRequestId,
  };
}

export { redactUrl } from '../redact-url.js';
