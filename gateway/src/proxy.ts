/**
 * The proxy: every request the gateway does not answer itself is routed by the shared routing table
 * (`serviceForPath`) to the owning service, unknown `/api` paths answer 404 here, and everything else
 * (pages, assets) goes to the web app.
 *
 * Transport: forward.ts, on undici's keep-alive pools, one per upstream origin. Bodies are never
 * parsed or buffered: a catch-all content-type parser hands the raw request stream to undici, so a
 * multi-megabyte upload flows through in chunks and body limits stay the owning service's job.
 * There are no retries: a retry would replay non-idempotent requests and turn a down service into
 * a slow one; the client gets a clear 503 at once and may retry itself.
 */
import { ErrorCode, serviceForPath } from '@kora/contracts';
import { IDENTITY_HEADER } from '@kora/platform/identity';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { GatewayEnv, UpstreamName, Upstreams } from './config.js';
import { classifyUpstreamError, sendError, upstreamErrorResponse } from './errors.js';
import { createForwarder, HOP_BY_HOP, isForwardablePath } from './forward.js';
import { isApiPath, pathOf } from './paths.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { upstreamBody } from './request-body.js';
import { CSP_NONCE_HEADER } from './security-headers.js';

export { HOP_BY_HOP };

export interface ProxyOptions {
  env: GatewayEnv;
  upstreams: Upstreams;
  /** Answers `/ws` (WebSocket upgrades and the 426 for plain requests); see websocket.ts. */
  isWebSocketUpgrade(request: FastifyRequest): boolean;
}

/** Where a path goes: a service, the web app, or nowhere (an `/api` path no service owns). */
export function upstreamForPath(path: string): UpstreamName | null {
  const service = serviceForPath(path);
  if (service) return service;
  return isApiPath(path) ? null : 'web';
}

/** Dropped from what the client sent: the gateway alone vouches for the caller and sets the nonce. */
const NEVER_FORWARDED = new Set([IDENTITY_HEADER, CSP_NONCE_HEADER]);
/** A body on GET/HEAD is dropped (see dispatch); its length must go with it. */
const BODY_HEADERS = new Set(['content-length', 'transfer-encoding']);

/** The headers a service sees: only what the gateway vouches for, never what the client claimed. */
export function upstreamRequestHeaders(
  request: Pick<FastifyRequest, 'method' | 'id' | 'ip' | 'protocol' | 'host' | 'identityAssertion' | 'cspNonce'>,
  headers: IncomingHttpHeaders,
  upstream: UpstreamName,
): IncomingHttpHeaders {
  // Copied key by key, leaving out what must not pass, rather than copied whole and then deleted
  // from: `delete` turns the object into a slow dictionary, on every request.
  const bodyless = request.method === 'GET' || request.method === 'HEAD';
  const out: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (NEVER_FORWARDED.has(name) || HOP_BY_HOP.has(name) || (bodyless && BODY_HEADERS.has(name))) continue;
    out[name] = headers[name];
  }
  if (request.identityAssertion) out[IDENTITY_HEADER] = request.identityAssertion;
  out[REQUEST_ID_HEADER] = request.id;
  // Replaced, not appended: request.ip already resolved the chain through trusted proxies, and the
  // services trust this header, so a client-written entry must not survive.
  out['x-forwarded-for'] = request.ip;
  out['x-forwarded-proto'] = request.protocol;
  out['x-forwarded-host'] = request.host;
  if (upstream === 'web') out[CSP_NONCE_HEADER] = request.cspNonce;
  return out;
}

export async function installProxy(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  const forwarder = createForwarder({ timeoutMs: options.env.UPSTREAM_TIMEOUT_MS, connectTimeoutMs: options.env.UPSTREAM_CONNECT_TIMEOUT_MS });
  app.addHook('onClose', async () => forwarder.close());

  // The raw stream is the body: nothing is parsed, buffered or size-checked here (see top).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  function dispatch(request: FastifyRequest, reply: FastifyReply) {
    // What goes upstream is a stand-in fed from the request, so an early answer never costs the
    // client its connection (request-body.ts).
    if (request.body === request.raw) request.body = upstreamBody(request.raw, reply.raw);
    const path = pathOf(request.url);
    const upstream = upstreamForPath(path);
    if (options.isWebSocketUpgrade(request)) {
      // An upgrade to anything but /ws (the /ws route handles its own): no other WebSocket exists.
      return sendError(reply, 404, `No WebSocket endpoint at ${path}`, ErrorCode.NotFound);
    }
    if (upstream === null) {
      return sendError(reply, 404, `No API route for ${request.method} ${path}`, ErrorCode.NotFound);
    }
    if (!isForwardablePath(request.url)) {
      return sendError(reply, 400, 'The request is not valid', ErrorCode.BadRequest);
    }
    // A body on GET/HEAD has no meaning (and undici refuses to send one).
    const bodyless = request.method === 'GET' || request.method === 'HEAD';
    const target = {
      origin: options.upstreams[upstream],
      path: request.url,
      headers: upstreamRequestHeaders(request, request.headers, upstream),
      body: bodyless ? undefined : (request.body as Readable | undefined),
    };
    return forwarder.forward(request, reply, target).catch((error: unknown) => {
      const failure = classifyUpstreamError(error);
      const { status, code, message } = upstreamErrorResponse(upstream, failure);
      request.log.warn({ upstream, failure, err: error }, 'upstream request failed');
      return sendError(reply, status, message, code);
    });
  }

  // Allowed CORS preflights are answered before they get here (cors.ts); every other OPTIONS
  // request goes on like any other.
  app.route({ method: app.supportedMethods, url: '/*', handler: dispatch });
  app.setNotFoundHandler(dispatch);
}
