/**
 * Request ids: one id follows a call from the browser through the gateway into a service, its
 * events and its logs. A well-formed incoming `x-request-id` is kept (a client or an outer load
 * balancer may already have one); anything else is replaced so a client cannot inject log noise.
 * The id is forwarded upstream by the proxy and echoed to the client here.
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // Log lines carry it as `traceId` through the request logger's bindings (requestLoggingOptions).
    done();
  });
}
