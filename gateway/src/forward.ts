/**
 * Hands one request to an upstream and its answer back, on the raw Node response: undici's
 * keep-alive pools (one per upstream origin, inside one Agent), the request body streamed through
 * untouched, the answer's headers filtered, the edge's own headers added (answer.ts), and the
 * answer compressed when the client accepts it (compression.ts).
 *
 * Driven by undici's dispatch handler rather than `request()`: no body stream object and no promise
 * per request, the answer's chunks handed over as they arrive. Small answers (most API answers) are
 * read whole before anything is sent, so Node writes status, headers and body with one system call,
 * and so a body that breaks off half way can still be answered with a clean 502. Larger answers and
 * answers of unknown length (pages, uploads, video) stream, paced by the client (backpressure), and
 * are abandoned upstream when the client leaves.
 */
import { ENDED_SESSIONS_HEADER, endedSessionsOf } from '@kora/platform/access-token';
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { addEdgeHeaders } from './answer.js';
import { compressingStream, compressionFor, compressWhole, varyWithAcceptEncoding, type Encoding } from './compression.js';
import { REQUEST_ID_HEADER, type EdgeRequest } from './edge-request.js';
import { SECURITY_HEADER_NAMES } from './security-headers.js';

/** Answers up to this size are read whole, then sent in one write. */
export const WHOLE_ANSWER_MAX_BYTES = 64 * 1024;

// Hop-by-hop headers describe one connection; they must not leak across the proxy (RFC 9110, section 7.6.1).
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);
/** Never passed on from an upstream: they describe its software, which helps nobody but an attacker. */
const REVEALING: ReadonlySet<string> = new Set(['server', 'x-powered-by']);

/** Upstream answer headers that never reach the client as they are (the edge sets its own). */
const DROPPED: ReadonlySet<string> = new Set([
  ...HOP_BY_HOP,
  ...REVEALING,
  ...SECURITY_HEADER_NAMES,
  REQUEST_ID_HEADER,
  ENDED_SESSIONS_HEADER,
]);

export interface ForwarderOptions {
  /** Longest wait for an upstream's headers, and longest silence within its body (504 after). */
  timeoutMs: number;
  connectTimeoutMs: number;
}

export interface ForwardTarget {
  origin: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body to stream upstream (or already read at the edge), or undefined for none. */
  body: Readable | Buffer | undefined;
  /** Told the sessions the answer says it ended (only for the auth upstream: ENDED_SESSIONS_HEADER). */
  onEndedSessions?: ((sessionIds: string[]) => void) | undefined;
}

export interface Forwarder {
  /**
   * Sends the upstream's answer on `res`. `failed` is called, with nothing sent, when there is no
   * answer to pass on (connection refused, timeout, a small body broken off); the caller answers.
   */
  forward(edge: EdgeRequest, res: ServerResponse, target: ForwardTarget, failed: (error: Error) => void): void;
  close(): Promise<void>;
}

/**
 * Whether a request path may be passed on as it is: it must be a path (not a scheme or an
 * authority, which would let a request pick its upstream) with no `..` segment, encoded or not.
 */
export function isForwardablePath(url: string): boolean {
  if (url[0] !== '/' || url[1] === '/' || url[1] === '\\') return false;
  if (!url.includes('.') && !url.includes('%')) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return false;
  }
  const path = decoded.split('?')[0]!.replace(/\\/g, '/');
  return !path.split('/').some((segment) => segment === '..');
}

/**
 * The headers of an answer as undici hands them over raw (lower-case names, repeated ones in a
 * list), less the ones that never reach the client: one pass and one object, since this runs for
 * every answer.
 */
function passedHeadersOf(raw: Buffer[], onEndedSessions: ForwardTarget['onEndedSessions']): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toString('latin1').toLowerCase();
    if (DROPPED.has(name)) {
      if (name === ENDED_SESSIONS_HEADER) onEndedSessions?.(endedSessionsOf(raw[i + 1]!.toString('latin1')));
      continue;
    }
    const value = raw[i + 1]!.toString('latin1');
    const seen = headers[name];
    if (seen === undefined) headers[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else headers[name] = [String(seen), value];
  }
  return headers;
}

/**
 * One request's trip: receives the upstream's answer and writes it to the client. It speaks
 * undici's original handler interface (raw headers, boolean back-pressure), the one undici's core
 * itself calls: the newer controller interface is a wrapper around it that parses every answer's
 * headers into an object and makes a controller per request, a measured cost here.
 */
class Relay implements Dispatcher.DispatchHandler {
  private status = 0;
  private headers: OutgoingHttpHeaders | null = null;
  /** Chunks of an answer read whole; null once streaming. */
  private chunks: Buffer[] | null = null;
  private encoding: Encoding | null = null;
  private compressor: Transform | null = null;
  private streaming = false;
  private abort: ((reason?: Error) => void) | null = null;

  constructor(
    private readonly edge: EdgeRequest,
    private readonly res: ServerResponse,
    private readonly failed: (error: Error) => void,
    private readonly onEndedSessions: ForwardTarget['onEndedSessions'],
  ) {}

  onConnect(abort: (reason?: Error) => void): void {
    this.abort = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    if (statusCode < 200) return true; // 1xx: the final answer follows
    if (this.res.destroyed) {
      // The client left while the upstream was answering: nobody is there to read it.
      this.abort?.(new Error('the client closed the connection'));
      return false;
    }
    const headers = passedHeadersOf(rawHeaders, this.onEndedSessions);
    const length = Number(headers['content-length']);
    this.status = statusCode;
    this.headers = headers;
    this.encoding = compressionFor(this.edge.method, this.edge.headers['accept-encoding'], statusCode, headers, length);
    if (this.edge.method !== 'HEAD' && length >= 0 && length <= WHOLE_ANSWER_MAX_BYTES) {
      this.chunks = [];
      return true;
    }
    this.startStreaming(resume);
    return true;
  }

  private startStreaming(resume: () => void): void {
    const { res, headers } = this;
    this.streaming = true;
    if (this.encoding) {
      delete headers!['content-length'];
      headers!['content-encoding'] = this.encoding;
      headers!.vary = varyWithAcceptEncoding(headers!.vary);
      this.compressor = compressingStream(this.encoding);
      this.compressor.on('error', () => res.destroy());
      this.compressor.pipe(res);
    }
    res.writeHead(this.status, addEdgeHeaders(this.edge, headers!));
    (this.compressor ?? res).on('drain', resume);
    // A client that leaves mid-answer: the upstream need not send the rest.
    res.once('close', () => {
      if (!res.writableFinished) this.abort?.(new Error('the client closed the connection'));
    });
  }

  /** false pauses the upstream until the client has taken what is queued ('drain' resumes it). */
  onData(chunk: Buffer): boolean {
    if (this.chunks) {
      this.chunks.push(chunk);
      return true;
    }
    return (this.compressor ?? this.res).write(chunk);
  }

  onComplete(): void {
    if (this.res.destroyed) return;
    if (this.streaming) {
      (this.compressor ?? this.res).end();
      return;
    }
    const headers = this.headers;
    if (!headers) return;
    let body =
      this.chunks && this.chunks.length > 0 ? (this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)) : undefined;
    if (body && this.encoding) {
      body = compressWhole(this.encoding, body);
      headers['content-encoding'] = this.encoding;
      headers['content-length'] = body.length;
      headers.vary = varyWithAcceptEncoding(headers.vary);
    }
    this.res.writeHead(this.status, addEdgeHeaders(this.edge, headers));
    this.res.end(body);
  }

  onError(error: Error): void {
    if (this.streaming) {
      // Part of the answer is out: all that can be said now is that it broke off.
      this.compressor?.destroy();
      this.res.destroy();
      return;
    }
    if (!this.res.destroyed) this.failed(error);
  }
}

export function createForwarder(options: ForwarderOptions): Forwarder {
  const agent = new Agent({
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    connectTimeout: options.connectTimeoutMs,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  function forward(edge: EdgeRequest, res: ServerResponse, target: ForwardTarget, failed: (error: Error) => void): void {
    try {
      agent.dispatch(
        {
          origin: target.origin,
          path: target.path,
          method: edge.method,
          headers: target.headers as Record<string, string>,
          body: target.body ?? null,
        },
        new Relay(edge, res, failed, target.onEndedSessions),
      );
    } catch (error) {
      // undici refuses some requests outright (a method or header it will not send).
      failed(error as Error);
    }
  }

  return { forward, close: () => agent.close() };
}
