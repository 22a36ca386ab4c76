/**
 * The proxy: every request the gateway does not answer itself is routed by the shared routing table
 * (`serviceForPath`) to the owning service, unknown `/api` paths answer 404 here, and everything else
 * (pages, assets) goes to the web app.
 *
 * Transport: @fastify/reply-from on undici. Its agent keeps one keep-alive pool per upstream origin.
 * Bodies are never parsed or buffered: a catch-all content-type parser hands the raw request stream
 * to undici, so a multi-megabyte upload flows through in chunks and body limits stay the owning
 * service's job. There are no retries: a retry would replay non-idempotent requests and turn a down
 * service into a slow one; the client gets a clear 503 at once and may retry itself.
 */
import replyFrom from '@fastify/reply-from';
import { ErrorCode, serviceForPath } from '@kora/contracts';
import { IDENTITY_HEADER } from '@kora/platform/identity';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayEnv, UpstreamName, Upstreams } from './config.js';
import { classifyUpstreamError, sendError, upstreamErrorResponse } from './errors.js';
import { isApiPath, pathOf } from './paths.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { upstreamBody } from './request-body.js';
import { CSP_NONCE_HEADER } from './security-headers.js';

// Hop-by-hop headers describe one connection; they must not leak across the proxy (RFC 9110 §7.6.1).
export const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

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
    if (NEVER_FORWARDED.has(name) || (bodyless && BODY_HEADERS.has(name))) continue;
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

/** Never passed on from an upstream: they describe its software, which helps nobody but an attacker. */
const REVEALING = new Set(['server', 'x-powered-by']);

/**
 * reply-from's options for one upstream, made once: the functions it calls get the request, so
 * nothing has to be made anew per request (closures per request were a measurable cost).
 */
function forwardingTo(upstream: UpstreamName, options: ProxyOptions): Parameters<FastifyReply['from']>[1] {
  const base = options.upstreams[upstream];
  return {
    getUpstream: () => base,
    timeout: options.env.UPSTREAM_TIMEOUT_MS,
    // reply-from retries GETs that answer 503 up to 10 times by default: never, see above.
    retryDelay: () => null,
    rewriteRequestHeaders: (request, headers) => upstreamRequestHeaders(request, headers, upstream),
    rewriteHeaders: (headers) => {
      const out: Record<string, string | string[] | undefined> = {};
      for (const name in headers) if (!HOP_BY_HOP.has(name) && !REVEALING.has(name)) out[name] = headers[name];
      return out;
    },
    // reply-from closes the connection when the upstream answered before the body was all read; the
    // rest of the body is read and dropped instead (request-body.ts), so the connection lives on and
    // the client, still writing, is not cut off before it can read the answer.
    onResponse: (_request, reply, res) => {
      reply.removeHeader('connection');
      return reply.send(res.stream);
    },
    onError: (reply, { error }) => {
      const failure = classifyUpstreamError(error);
      const { status, code, message } = upstreamErrorResponse(upstream, failure);
      reply.request.log.warn({ upstream, failure, err: error }, 'upstream request failed');
      sendError(reply as FastifyReply, status, message, code);
    },
  };
}

export async function installProxy(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  await app.register(replyFrom, {
    undici: {
      connections: 128,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      connectTimeout: options.env.UPSTREAM_CONNECT_TIMEOUT_MS,
    },
    // The agent (and its pools' sockets) is the plugin's; close it with the app.
    destroyAgent: true,
    disableCache: true,
    disableRequestLogging: true,
  });

  // The raw stream is the body: nothing is parsed, buffered or size-checked here (see top).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const forwarding = Object.fromEntries(
    (Object.keys(options.upstreams) as UpstreamName[]).map((name) => [name, forwardingTo(name, options)]),
  ) as Record<UpstreamName, Parameters<FastifyReply['from']>[1]>;

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
    if ((request.method === 'GET' || request.method === 'HEAD') && request.body !== undefined) {
      // A body on GET/HEAD has no meaning and reply-from refuses to forward one.
      request.body = undefined;
    }
    return reply.from(request.url, forwarding[upstream]);
  }

  // Allowed CORS preflights are answered before they get here (cors.ts); every other OPTIONS
  // request goes on like any other.
  app.route({ method: app.supportedMethods, url: '/*', handler: dispatch });
  app.setNotFoundHandler(dispatch);
}
