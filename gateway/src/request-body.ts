/**
 * The request body the proxy streams upstream, and what happens to the rest of it when somebody
 * answers before reading it all.
 *
 * A service may answer early: media refuses an anonymous upload with 401 before reading a byte of
 * it. undici then ends the upstream request ("response completed before request") and destroys the
 * body stream it was sending. Were that stream the client's own request, destroying it would destroy
 * the client's socket while the client is still writing: the client gets EPIPE or a reset instead of
 * the 401 (browsers on slow links and most HTTP libraries meet exactly this). So the proxy sends a
 * stand-in stream, fed from the request, and keeps the request for itself.
 *
 * When the stand-in is torn down, or the answer is sent, before the request has been read to its
 * end, the rest is read and thrown away ("lingering close", as nginx does), bounded in time and
 * size: the client sees its answer, and the connection stays usable for its next request. A client
 * that keeps sending past the bounds has its connection closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';

export interface LingerLimits {
  /** Longest time spent reading a body nobody wants (nginx `lingering_time`: 30 s). */
  maxMs: number;
  /** Longest silence from the client while doing so (nginx `lingering_timeout`: 5 s). */
  idleMs: number;
  /** Most bytes read and thrown away. */
  maxBytes: number;
}

export const defaultLingerLimits: LingerLimits = { maxMs: 30_000, idleMs: 5_000, maxBytes: 256 * 1024 * 1024 };

/** Reads what is left of `request` and throws it away, within `limits`; then the socket is reusable. */
export function discardRest(request: IncomingMessage, limits: LingerLimits = defaultLingerLimits): void {
  if (request.complete || request.destroyed || request.readableEnded) return;
  let bytes = 0;
  const giveUp = () => {
    cleanup();
    request.socket?.destroy();
  };
  const total = setTimeout(giveUp, limits.maxMs);
  const idle = setTimeout(giveUp, limits.idleMs);
  total.unref();
  idle.unref();
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limits.maxBytes) giveUp();
    else idle.refresh();
  };
  function cleanup() {
    clearTimeout(total);
    clearTimeout(idle);
    request.off('data', onData);
    request.off('end', cleanup);
    request.off('close', cleanup);
  }
  request.on('data', onData);
  request.once('end', cleanup);
  request.once('close', cleanup);
  request.resume();
}

/**
 * A stream carrying `request`'s body to the upstream. Destroying it (undici does, on an early
 * answer) never touches the client's connection; see the top of this file.
 */
export function upstreamBody(request: IncomingMessage, response: ServerResponse, limits: LingerLimits = defaultLingerLimits): Readable {
  const body = new PassThrough();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    request.unpipe(body);
    discardRest(request, limits);
  };
  // The client went away mid-body: the upstream must not take a truncated body for a whole one.
  request.once('close', () => {
    if (!request.complete) body.destroy(new Error('the client closed the connection before sending the whole body'));
  });
  request.once('error', (err) => body.destroy(err));
  body.once('close', release);
  response.once('finish', release);
  response.once('close', release);
  request.pipe(body);
  return body;
}
