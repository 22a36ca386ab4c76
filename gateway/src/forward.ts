/**
 * Hands one request to an upstream and its answer back: undici's keep-alive pools (one per upstream
 * origin, inside one Agent), the request body streamed through untouched, the answer's headers
 * filtered, and small answers sent in one piece.
 *
 * Written here rather than taken from @fastify/reply-from: the gateway needs a fraction of what that
 * plugin does (no retries, no HTTP/2, no URL rewriting), and under load its per-request work was a
 * measured share of the gateway's CPU (docs/performance.md).
 *
 * Small answers (most API answers) are read whole before they are sent: Node then writes status,
 * headers and body with one system call, where a piped stream costs a write per chunk and one more
 * for the end. Larger answers and answers of unknown length (pages, uploads, video) stream.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Agent } from 'undici';

/** Answers up to this size are read whole, then sent in one write. */
export const WHOLE_ANSWER_MAX_BYTES = 64 * 1024;

// Hop-by-hop headers describe one connection; they must not leak across the proxy (RFC 9110 §7.6.1).
export const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
/** Never passed on from an upstream: they describe its software, which helps nobody but an attacker. */
const REVEALING: ReadonlySet<string> = new Set(['server', 'x-powered-by']);

export interface ForwarderOptions {
  /** Longest wait for an upstream's headers, and longest silence within its body (504 after). */
  timeoutMs: number;
  connectTimeoutMs: number;
}

export interface ForwardTarget {
  origin: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body to stream upstream, or undefined for none. */
  body: Readable | undefined;
}

export interface Forwarder {
  /** Sends the upstream's answer on `reply`; rejects (nothing sent) when there was no answer. */
  forward(request: FastifyRequest, reply: FastifyReply, target: ForwardTarget): Promise<FastifyReply>;
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

export function createForwarder(options: ForwarderOptions): Forwarder {
  const agent = new Agent({
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    connectTimeout: options.connectTimeoutMs,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  async function forward(request: FastifyRequest, reply: FastifyReply, target: ForwardTarget): Promise<FastifyReply> {
    const answer = await agent.request({
      origin: target.origin,
      path: target.path,
      method: request.method as 'GET',
      headers: target.headers as Record<string, string>,
      body: target.body,
    });
    const headers = answer.headers;
    if (reply.raw.destroyed) {
      // The client left while the upstream was answering: nobody is there to read it. Destroying
      // the body makes undici emit an abort error, expected here, so it is listened for.
      answer.body.on('error', () => {});
      answer.body.destroy();
      return reply;
    }
    const length = Number(headers['content-length']);
    // Read before any header is copied: should the body fail half way, the error answer that
    // follows must not carry the upstream's length or type.
    const whole =
      request.method !== 'HEAD' && length >= 0 && length <= WHOLE_ANSWER_MAX_BYTES ? Buffer.from(await answer.body.arrayBuffer()) : null;
    reply.code(answer.statusCode);
    for (const name in headers) {
      if (!HOP_BY_HOP.has(name) && !REVEALING.has(name)) reply.header(name, headers[name]!);
    }
    return reply.send(whole ?? answer.body);
  }

  return { forward, close: () => agent.close() };
}
