/**
 * One request as the edge sees it: what it asks for, who sent it, and what the edge decided about
 * it (the member it proves, the headers its answer must carry). Made once per request by the edge
 * server (edge-server.ts) and read by every step after it: the checks, the proxy, the gateway's own
 * routes (through `edgeRequestOf`), the access log.
 *
 * Request ids: one id follows a call from the browser through the gateway into a service, its
 * events and its logs. A well-formed incoming `x-request-id` is kept (a client or an outer load
 * balancer may already have one); anything else is replaced so a client cannot inject log noise.
 */
import type { Span } from '@kora/platform';
import type { Identity } from '@kora/platform/identity';
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { ClientAddress } from './client-address.js';
import { startEdgeSpan } from './edge-trace.js';
import { pathOf } from './paths.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The client's own well-formed request id, else `otherwise` (a fresh one by default). */
export function requestIdFor(headers: IncomingHttpHeaders, otherwise?: string): string {
  const given = headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED_ID.test(given) ? given : (otherwise ?? randomUUID());
}

const EDGE = Symbol('kora.edge-request');

export class EdgeRequest {
  readonly id: string;
  readonly method: string;
  readonly url: string;
  /** The path as sent (not decoded): the routing table matches raw paths. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The client's address, through trusted proxies only. */
  readonly ip: string;
  /** performance.now() when the request arrived. */
  readonly startedAt: number;
  /** The request's server span when tracing is on (edge-trace.ts), else null. */
  readonly span: Span | null;
  /** Headers every answer to this request carries (request id, rate limits, CORS...): name, value, name, value... */
  readonly answerHeaders: string[];
  /** The member the access token proves, or null (anonymous or a bad token). */
  identity: Identity | null = null;
  /** The signed `x-kora-identity` value to forward upstream, or null. */
  assertion: string | null = null;
  /** The request came from an allowed foreign origin and its answer carries CORS headers. */
  corsAllowed = false;
  /** The body, when the edge had to read it (sign-in and the like: account-name.ts); sent upstream as it is. */
  body: Buffer | null = null;
  private nonce: string | null = null;
  private ownProtocol: string | null = null;
  private ownHost: string | null = null;

  constructor(
    readonly raw: IncomingMessage,
    private readonly address: ClientAddress,
    /** Other origins of stored media, for the pages' Content-Security-Policy (answer.ts). */
    readonly mediaOrigins = '',
  ) {
    this.headers = raw.headers;
    this.method = raw.method ?? 'GET';
    this.url = raw.url ?? '/';
    this.path = pathOf(this.url);
    this.ip = address.ip(raw);
    this.startedAt = performance.now();
    this.span = startEdgeSpan(raw, this.method, this.path);
    // With tracing on, the logs and the services know the request by its trace id (edge-trace.ts);
    // a client that sent its own well-formed id still gets it back, as without tracing.
    this.id = this.span ? this.span.spanContext().traceId : requestIdFor(raw.headers);
    this.answerHeaders = [REQUEST_ID_HEADER, this.span ? requestIdFor(raw.headers, this.id) : this.id];
  }

  /** Lets the gateway's own routes (Fastify) find this request's edge view (`edgeRequestOf`). */
  attach(): void {
    (this.raw as IncomingMessage & { [EDGE]?: EdgeRequest })[EDGE] = this;
  }

  /** The protocol the client used to reach us (X-Forwarded-Proto from a trusted hop). */
  get protocol(): string {
    return (this.ownProtocol ??= this.address.protocol(this.raw));
  }

  /** The host the client asked for (X-Forwarded-Host from a trusted hop). */
  get host(): string {
    return (this.ownHost ??= this.address.host(this.raw));
  }

  /**
   * The nonce of this answer's Content-Security-Policy, made on first use: only the web app's HTML
   * needs one, and 16 random bytes per API request were a measurable share of the edge's time.
   */
  get cspNonce(): string {
    return (this.nonce ??= randomBytes(16).toString('base64'));
  }

  addAnswerHeader(name: string, value: string | number): void {
    this.answerHeaders.push(name, String(value));
  }
}

/** The edge's view of a request it has seen (the gateway's own routes read it), or undefined. */
export function edgeRequestOf(raw: IncomingMessage): EdgeRequest | undefined {
  return (raw as IncomingMessage & { [EDGE]?: EdgeRequest })[EDGE];
}
