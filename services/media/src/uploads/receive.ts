/**
 * Reads the files of an upload form (`POST /api/media/upload`, `POST /internal/uploads`) into a
 * temp folder, one file at a time, each bounded by the purpose's max size while it streams in, and
 * each typed by its magic bytes as soon as it is complete. The first file that is too large, empty
 * or not an allowed photo/video type fails the whole request, before anything is stored. Files in
 * other fields are drained and ignored; form fields are ignored.
 */
import type { AppError } from '@kora/platform/service';

import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { failedRead, type MultipartTexts } from '../http/multipart.js';
import { detectFileMime, mediaKindOf, type AllowedMime, type MediaKind } from '../media-type.js';
import { fileEmpty } from '../errors.js';

/** Text fields a form may carry beside its files (ignored, but not refused). */
const MAX_FIELDS = 10;

export interface ReceivedFile {
  /** Where it waits, inside the request's temp folder. */
  file: string;
  bytes: number;
  mime: string;
  kind: MediaKind;
}

export interface ReceiveLimits extends AllowedMime {
  /** The file field read; files in any other field are drained. */
  field: string;
  maxBytes: number;
  maxFiles: number;
  /** The 415 for a file of a type not allowed. */
  unsupported: () => AppError;
  /** The 400 when no file came in `field`. */
  noFiles: () => AppError;
}

/** Errors of our own disk (full, unwritable; they name a path) are server faults, not a malformed upload. */
const isDiskError = (err: unknown) => typeof err === 'object' && err !== null && 'syscall' in err && 'path' in err;

async function receiveOne(
  stream: NodeJS.ReadableStream & { truncated?: boolean },
  file: string,
  limits: ReceiveLimits,
  texts: MultipartTexts,
): Promise<ReceivedFile> {
  await pipeline(stream, createWriteStream(file, { flags: 'wx' }));
  if (stream.truncated) throw texts.tooLarge();
  const { size } = await stat(file);
  if (size === 0) throw fileEmpty(true);
  const mime = await detectFileMime(file);
  const kind = mediaKindOf(mime, limits);
  if (!mime || !kind) throw limits.unsupported();
  return { file, bytes: size, mime, kind };
}

export async function receiveFiles(
  request: FastifyRequest,
  work: string,
  limits: ReceiveLimits,
  texts: MultipartTexts,
): Promise<ReceivedFile[]> {
  const received: ReceivedFile[] = [];
  try {
    // Per-request limits (a post takes up to 10 files, a story or a reel one); the plugin's
    // defaults (1 file) stay in force for every other route.
    const parts = request.parts({
      limits: { fileSize: limits.maxBytes, files: limits.maxFiles, fields: MAX_FIELDS, parts: limits.maxFiles + MAX_FIELDS },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== limits.field) {
        part.file.resume(); // drained: only the limits can still refuse it
        continue;
      }
      received.push(await receiveOne(part.file, path.join(work, `upload-${received.length}`), limits, texts));
    }
  } catch (err) {
    if (isDiskError(err)) throw err;
    throw failedRead(request, err, texts);
  }
  if (received.length === 0) throw limits.noFiles();
  return received;
}
