/**
 * Compressed answers for clients that accept them (every browser does): the web app's HTML and the
 * services' JSON, compressed once here at the edge rather than in each process behind it. What is
 * already compressed passes untouched: precompressed assets (they carry Content-Encoding), images
 * and video (not compressible types), partial content (206), and answers under 1 KB, where the
 * headers cost more than the saving. Brotli at quality 4 (what @fastify/compress recommends), not
 * zlib's default 11, which is far too slow for per-request work.
 *
 * The proxy (forward.ts) asks `compressionFor` once the upstream's headers are in: a small answer
 * read whole is compressed in one call, a larger one or one of unknown length through a stream.
 * The gateway's own routes (docs) are compressed by @fastify/compress with the same settings.
 */
import { negotiate } from '@fastify/accept-negotiator';
import mimeDb from 'mime-db';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { Transform } from 'node:stream';

export const COMPRESSION_THRESHOLD_BYTES = 1024;
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS: ZlibOptions = {};

// Types whose family always compresses well; anything else is looked up in mime-db.
const TEXTUAL = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|[+/]javascript(?:;|$)/;

const compressibleCache = new Map<string, boolean>();

export function isCompressibleType(contentType: string): boolean {
  let known = compressibleCache.get(contentType);
  if (known === undefined) {
    const essence = contentType.split(';', 1)[0]!.trim().toLowerCase();
    known = TEXTUAL.test(essence) || mimeDb[essence]?.compressible === true;
    // Bounded: content types are few, but an upstream could invent endless parameter variants.
    if (compressibleCache.size < 1_000) compressibleCache.set(contentType, known);
  }
  return known;
}

/** The encoding this client prefers among ours, or null (none accepted, or identity asked for). */
export function acceptedEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  // `*` and `x-gzip` mean gzip (RFC 9110, section 12.5.3).
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  const chosen = negotiate(header, ENCODINGS as unknown as string[]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * How to encode this answer for this client: an encoding, or null to send it as it is. `length` is
 * the upstream's Content-Length, or NaN when unknown (then the answer is compressed as it streams).
 */
export function compressionFor(
  method: string,
  acceptEncoding: string | undefined,
  status: number,
  headers: OutgoingHttpHeaders,
  length: number,
): Encoding | null {
  // Cheapest first: most API clients accept no encoding at all.
  if (!acceptEncoding || method === 'HEAD' || status === 204 || status === 206 || status === 304 || length < COMPRESSION_THRESHOLD_BYTES)
    return null;
  const contentType = headers['content-type'];
  if (typeof contentType !== 'string' || !isCompressibleType(contentType)) return null;
  const encoded = headers['content-encoding'];
  if (encoded !== undefined && encoded !== 'identity') return null;
  if (headers['content-range'] !== undefined) return null;
  return acceptedEncoding(acceptEncoding);
}

export function compressWhole(encoding: Encoding, body: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
}

export function compressingStream(encoding: Encoding): Transform {
  return encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip(GZIP_OPTIONS);
}

/** An answer's Vary with Accept-Encoding added, once. */
export function varyWithAcceptEncoding(vary: string | string[] | undefined): string {
  const current = Array.isArray(vary) ? vary.join(', ') : (vary ?? '');
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}
