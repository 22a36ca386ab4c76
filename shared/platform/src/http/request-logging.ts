/**
 * Fastify logging options shared by the services and the gateway: one line per request (written
 * by an onResponse hook) instead of Fastify's two, and no `reqId` binding on request loggers,
 * because the logger's trace mixin already stamps the same id as `traceId` on every line — in
 * request logs, in event handlers and in consumer logs alike.
 */
import { LogController, type FastifyBaseLogger } from 'fastify';

function childLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: Parameters<FastifyBaseLogger['child']>[1],
): FastifyBaseLogger {
  const { reqId: _reqId, ...rest } = bindings;
  return logger.child(rest, options);
}

export function requestLoggingOptions() {
  return { logController: new LogController({ disableRequestLogging: true }), childLoggerFactory };
}
