/**
 * The proxy: every request the gateway does not answer itself is routed by the shared routing table
 * (`serviceForPath`) to the owning service, unknown `/api` paths answer 404 here, and everything else
 * (pages, assets) goes to the web app.
 *
 * Transport: forward.ts, on undici's keep-alive pools, one per upstream origin. Bodies are never
 * parsed or buffered: the raw request stream goes to undici, so a multi-megabyte upload flows
 * through in chunks and body limits stay the owning service's job. There are no retries: a retry
 * would replay non-idempotent requests and turn a down service into a slow one; the client gets a
 * clear 503 at once and may retry itself.
 */
import { apiErrorTexts, ErrorCode, serviceForPath } from '@kora/contracts';
import { SERVICE_JSON_BODY_LIMIT, type Logger } from '@kora/platform';
import { IDENTITY_HEADER } from '@kora/platform/identity';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { sendRefusal } from './answer.js';
import type { UpstreamName, Upstreams } from './config.js';
import { REQUEST_ID_HEADER, type EdgeRequest } from './edge-request.js';
import { traceUpstream } from './edge-trace.js';
import { BAD_REQUEST, classifyUpstreamError, upstreamErrorResponse, type Refusal } from './errors.js';
import { createForwarder, HOP_BY_HOP, isForwardablePath } from './forward.js';
import type { Instances } from './instances.js';
import { isApiPath } from './paths.js';
import { upstreamBody } from './request-body.js';
import { CSP_NONCE_HEADER } from './security-headers.js';

export { HOP_BY_HOP };

export interface ProxyOptions {
  upstreams: Upstreams;
  /** The notifications instances its requests are spread over (decision 049); default `upstreams.notifications` alone. */
  notifications?: Instances;
  timeoutMs: number;
  connectTimeoutMs: number;
  log: Logger;
  /** The sessions auth's answers say they ended: refused from now on (revoked-sessions.ts). */
  onEndedSessions?: (sessionIds: string[]) => void;
}

export interface Proxy {
  /** Answers the request with its upstream's answer, or with the reason there is none. */
  handle(edge: EdgeRequest, req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

/** Where a path goes: a service, the web app, or nowhere (an `/api` path no service owns). */
export function upstreamForPath(path: string): UpstreamName | null {
  const service = serviceForPath(path);
  if (service) return service;
  return isApiPath(path) ? null : 'web';
}

/**
 * Dropped from what the client sent: the gateway alone vouches for the caller (the signed identity
 * replaces the bearer token, so no service ever holds a member's token), says how the client
 * reached us (X-Forwarded-*, resolved through trusted proxies, set below) and sets the nonce; and
 * hop-by-hop headers describe the client's connection, not ours.
 */
const NEVER_FORWARDED: ReadonlySet<string> = new Set([
  IDENTITY_HEADER,
  CSP_NONCE_HEADER,
  'authorization',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  ...HOP_BY_HOP,
]);
/** A body on GET/HEAD is dropped (see handle); its length must go with it. */
const NEVER_FORWARDED_BODYLESS: ReadonlySet<string> = new Set([...NEVER_FORWARDED, 'content-length', 'transfer-encoding']);

export function isBodyless(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** The headers a service sees: only what the gateway vouches for, never what the client claimed. */
export function upstreamRequestHeaders(edge: EdgeRequest, upstream: UpstreamName): IncomingHttpHeaders {
  // Copied key by key, leaving out what must not pass, rather than copied whole and then deleted
  // from: `delete` turns the object into a slow dictionary, on every request.
  const dropped = isBodyless(edge.method) ? NEVER_FORWARDED_BODYLESS : NEVER_FORWARDED;
  const headers = edge.headers;
  const out: IncomingHttpHeaders = {};
  for (const name in headers) if (!dropped.has(name)) out[name] = headers[name];
  if (edge.assertion) out[IDENTITY_HEADER] = edge.assertion;
  out[REQUEST_ID_HEADER] = edge.id;
  // Replaced, not appended: edge.ip already resolved the chain through trusted proxies, and the
  // services trust this header, so a client-written entry must not survive.
  out['x-forwarded-for'] = edge.ip;
  if (upstream === 'web') {
    // Only the web app builds absolute links and decides cookies' Secure flag from how the browser
    // reached us; the services need neither.
    out['x-forwarded-proto'] = edge.protocol;
    out['x-forwarded-host'] = edge.host;
    out[CSP_NONCE_HEADER] = edge.cspNonce;
  }
  if (edge.span) traceUpstream(edge, upstream, out);
  return out;
}

export const JSON_TOO_LARGE: Refusal = {
  status: 413,
  get message() {
    return apiErrorTexts.tooLarge;
  },
  code: ErrorCode.PayloadTooLarge,
};

/**
 * A JSON body declared larger than any service reads is refused here. Passed on, the service
 * answers 413 and closes the connection at once (Fastify does, for a declared length past its
 * limit) while the proxy is still sending: the proxy's write then fails (EPIPE) before it reads the
 * 413, and the client would get a 502 instead (decision 026).
 */
function declaresJsonTooLarge(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  const json = type === 'application/json' || type.endsWith('+json');
  return json && Number(headers['content-length']) > SERVICE_JSON_BODY_LIMIT;
}

export function createProxy(options: ProxyOptions): Proxy {
  const forwarder = createForwarder({ timeoutMs: options.timeoutMs, connectTimeoutMs: options.connectTimeoutMs });

  function handle(edge: EdgeRequest, req: IncomingMessage, res: ServerResponse): void {
    const upstream = upstreamForPath(edge.path);
    if (upstream === null) {
      sendRefusal(res, edge, {
        status: 404,
        get message() {
          return apiErrorTexts.noApiRoute(edge.method, edge.path);
        },
        code: ErrorCode.NotFound,
      });
      return;
    }
    if (!isForwardablePath(edge.url)) {
      sendRefusal(res, edge, BAD_REQUEST);
      return;
    }
    if (declaresJsonTooLarge(req.headers)) {
      sendRefusal(res, edge, JSON_TOO_LARGE);
      return;
    }
    const instances = upstream === 'notifications' ? options.notifications : undefined;
    const origin = instances ? instances.pick() : options.upstreams[upstream];
    const target = {
      origin,
      path: edge.url,
      headers: upstreamRequestHeaders(edge, upstream),
      // A body on GET/HEAD has no meaning (and undici refuses to send one). Otherwise what goes
      // upstream is a stand-in fed from the request, so an early answer never costs the client its
      // connection (request-body.ts).
      body: isBodyless(edge.method) ? undefined : (edge.body ?? upstreamBody(req, res)),
      onEndedSessions: upstream === 'auth' ? options.onEndedSessions : undefined,
    };
    forwarder.forward(edge, res, target, (error) => {
      const failure = classifyUpstreamError(error);
      // Not retried (see above): the next request goes to another instance.
      if (failure === 'unavailable') instances?.down(origin);
      options.log.warn({ traceId: edge.id, upstream, failure, err: error }, 'upstream request failed');
      sendRefusal(res, edge, upstreamErrorResponse(upstream, failure));
    });
  }

  return { handle, close: () => forwarder.close() };
}
