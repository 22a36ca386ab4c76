/**
 * Reads the files of a `POST /api/media/upload` form into a temp folder, one file at a time, each
 * bounded by the site's max upload size while it streams in, and each typed by its magic bytes as
 * soon as it is complete. The first file that is too large, empty or not an allowed photo/video
 * type fails the whole request, before anything is stored. Files in other fields are drained and
 * ignored; form fields are ignored.
 */
import { MAX_FILES_PER_UPLOAD, MEDIA_UPLOAD_FIELD } from '@kora/contracts';

import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { failedRead, type MultipartTexts } from '../http/multipart.js';
import { detectFileMime, mediaKindOf, type AllowedMime, type MediaKind } from '../media-type.js';
import { fileEmpty, noFiles, unsupportedMedia } from '../errors.js';

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
  maxBytes: number;
}

/** Errors of our own disk (full, unwritable; they name a path) are server faults, not a malformed upload. */
const isDiskError = (err: unknown) => typeof err === 'object' && err !== null && 'syscall' in err && 'path' in err;

async function receiveOne(stream: NodeJS.ReadableStream & { truncated?: boolean }, file: string, limits: ReceiveLimits, texts: MultipartTexts): Promise<ReceivedFile> {
  await pipeline(stream, createWriteStream(file, { flags: 'wx' }));
  if (stream.truncated) throw texts.tooLarge();
  const { size } = await stat(file);
  if (size === 0) throw fileEmpty(true);
  const mime = await detectFileMime(file);
  const kind = mediaKindOf(mime, limits);
  if (!mime || !kind) throw unsupportedMedia();
  return { file, bytes: size, mime, kind };
}

export async function receiveFiles(request: FastifyRequest, work: string, limits: ReceiveLimits, texts: MultipartTexts): Promise<ReceivedFile[]> {
  const received: ReceivedFile[] = [];
  try {
    // Per-request limits: this route takes up to 10 files; the plugin's defaults (1 file) stay
    // in force for every other route.
    const parts = request.parts({
      limits: { fileSize: limits.maxBytes, files: MAX_FILES_PER_UPLOAD, fields: MAX_FIELDS, parts: MAX_FILES_PER_UPLOAD + MAX_FIELDS },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== MEDIA_UPLOAD_FIELD) {
        part.file.resume(); // drained: only the limits can still refuse it
        continue;
      }
      received.push(await receiveOne(part.file, path.join(work, `upload-${received.length}`), limits, texts));
    }
  } catch (err) {
    if (isDiskError(err)) throw err;
    throw failedRead(request, err, texts);
  }
  if (received.length === 0) throw noFiles();
  return received;
}
