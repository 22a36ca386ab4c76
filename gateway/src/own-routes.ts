/**
 * Fastify, for the few routes the gateway answers itself (health.ts, docs.ts): requests reach it
 * only after the edge has checked them (edge-server.ts, `isGatewayOwnPath`), so what is left here
 * is to put the edge's headers on Fastify's answers, keep errors in the one shape, and compress.
 */
import compress from '@fastify/compress';
import { ErrorCode, errorBody } from '@kora/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { STATUS_CODES, type OutgoingHttpHeaders } from 'node:http';
import { addEdgeHeaders } from './answer.js';
import { BROTLI_OPTIONS, COMPRESSION_THRESHOLD_BYTES, ENCODINGS } from './compression.js';
import { edgeRequestOf } from './edge-request.js';
import { isGatewayOwnPath } from './paths.js';

export function sendError(reply: FastifyReply, status: number, message: string, code: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(message, code));
}

// Client-side mistakes Fastify raises before a route runs: product wording, no framework internals.
const clientMessages: Record<number, string> = {
  400: 'The request is not valid',
  404: 'Not found',
  413: 'The request is too large',
  414: 'The request address is too long',
  415: 'This content type is not supported',
  431: 'The request headers are too large',
};

export async function installOwnRouteBasics(app: FastifyInstance): Promise<void> {
  // A route the edge would never hand to Fastify is a mistake to catch at start, not in production.
  app.addHook('onRoute', (route) => {
    const path = route.url.replace(/\*$/, '');
    if (!isGatewayOwnPath(path.endsWith('/') && path !== '/' ? path.slice(0, -1) : path)) {
      throw new Error(`${route.url} is not one of the gateway's own paths (paths.ts isGatewayOwnPath): no request would reach it`);
    }
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status < 500) {
      const message = clientMessages[status] ?? STATUS_CODES[status] ?? 'The request is not valid';
      return sendError(reply, status, message, status === 404 ? ErrorCode.NotFound : ErrorCode.BadRequest);
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, 'Something went wrong', ErrorCode.Internal);
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Not found', ErrorCode.NotFound));

  // The edge's headers win over the route's, as they do on proxied answers. A request that did not
  // come through the edge (Fastify's inject() in a test) has none to add.
  app.addHook('onSend', (request, reply, payload, done) => {
    const edge = edgeRequestOf(request.raw);
    if (edge) {
      const current: OutgoingHttpHeaders = {};
      for (const name of ['content-type', 'vary']) {
        const value = reply.getHeader(name);
        if (value !== undefined) current[name] = value;
      }
      reply.headers(addEdgeHeaders(edge, current));
    }
    done(null, payload);
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
}
