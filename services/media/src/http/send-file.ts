/**
 * Answers GET/HEAD for one stored file the way browsers and video players expect: content type
 * from the key, validators (`ETag`, `Last-Modified`) with 304 answers, cache headers, one byte range
 * (206, or 416 when unsatisfiable), `nosniff` and `inline`.
 */
import { errorBody } from '@kora/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { ByteRange } from '../storage/port.js';
import { parseRange } from './ranges.js';
import { fileNotFound } from '../errors.js';

export interface ServableFile {
  size: number;
  contentType: string;
  modifiedAt: Date;
  /** Strong, quoted. */
  etag: string;
  cacheControl: string;
  /** The bytes (all, or the range); null when the file vanished since it was described. */
  read(range: ByteRange | null): Promise<Readable | Buffer | null>;
}

/** Random names are never reused, so a stored file never changes: cache it for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** If-None-Match (weak comparison), else If-Modified-Since: the client's copy is current. */
function isNotModified(request: FastifyRequest, file: ServableFile): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (typeof noneMatch === 'string') {
    if (noneMatch.trim() === '*') return true;
    return noneMatch.split(',').some((tag) => opaque(tag) === opaque(file.etag));
  }
  const since = request.headers['if-modified-since'];
  if (typeof since === 'string') {
    const date = Date.parse(since);
    if (!Number.isNaN(date)) return seconds(file.modifiedAt) <= Math.floor(date / 1000);
  }
  return false;
}

/** If-Range: honour the Range only when the client's copy is this very file (strong match). */
function rangeStillValid(request: FastifyRequest, file: ServableFile): boolean {
  const ifRange = request.headers['if-range'];
  if (typeof ifRange !== 'string') return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === file.etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(date / 1000) === seconds(file.modifiedAt);
}

export async function sendFile(request: FastifyRequest, reply: FastifyReply, file: ServableFile): Promise<FastifyReply> {
  const cacheHeaders = () =>
    reply
      .header('etag', file.etag)
      .header('last-modified', file.modifiedAt.toUTCString())
      .header('cache-control', file.cacheControl)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff');

  // Preconditions come before Range (RFC 9110, section 13.2.2).
  if (isNotModified(request, file)) return cacheHeaders().code(304).send();

  // Range handling is defined for GET only (RFC 9110, section 14.2): HEAD describes the whole file.
  let range: ByteRange | null = null;
  if (request.method === 'GET' && request.headers.range !== undefined && rangeStillValid(request, file)) {
    const decision = parseRange(request.headers.range, file.size);
    if (decision.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${file.size}`)
        .header('accept-ranges', 'bytes')
        .send(errorBody('The requested range is not satisfiable', 'RANGE_NOT_SATISFIABLE'));
    }
    if (decision.kind === 'range') range = decision.range;
  }

  // Opened before any success header is set, so a file that vanished answers a clean 404.
  const body = request.method === 'HEAD' ? null : await file.read(range);
  if (request.method !== 'HEAD' && body === null) throw fileNotFound();

  cacheHeaders().header('content-type', file.contentType).header('content-disposition', 'inline');
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  else reply.code(200);
  reply.header('content-length', String(range ? range.end - range.start + 1 : file.size));
  return body === null ? reply.send() : reply.send(body);
}
