/**
 * Reads `POST /api/stories`' form: exactly one file, in the field `media` (STORY_UPLOAD_FIELD),
 * spooled to a temporary file so a 20 MB video is never held in memory and the whole form is
 * checked before anything reaches media (a second file after the first refuses the request with
 * nothing stored). Media applies the story purpose's own rules (types, size, length) afterwards;
 * the site's upload size is only the spool's ceiling here.
 */
import { STORY_UPLOAD_FIELD } from '@kora/contracts';
import { AppError } from '@kora/platform/service';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { oneStoryFile, storyFileRequired, storyFileTooLarge } from '../errors.js';

export interface SpooledFile {
  path: string;
  filename: string;
  mimetype: string;
  /** Removes the temporary file (always call it, in `finally`). */
  discard(): Promise<void>;
}

const MB = 1024 * 1024;
/** Room for the multipart framing around the file, when judging a declared Content-Length. */
const FRAMING_ALLOWANCE = 64 * 1024;

/** The one file of the form, spooled; refuses a form without it, with another field or a second file. */
export async function receiveStoryFile(request: FastifyRequest, reply: FastifyReply, maxMB: number): Promise<SpooledFile> {
  if (!request.isMultipart()) throw storyFileRequired();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxMB * MB + FRAMING_ALLOWANCE) throw refuse(reply, request, storyFileTooLarge(maxMB));

  const dir = await mkdtemp(path.join(tmpdir(), 'kora-story-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  let spooled: SpooledFile | null = null;
  try {
    // A few parts more than allowed, so a second file or a text field is seen and named in our words.
    for await (const part of request.parts({ limits: { fileSize: maxMB * MB, files: 2, fields: 4, parts: 6 } })) {
      if (part.type === 'field' || part.fieldname !== STORY_UPLOAD_FIELD) throw storyFileRequired();
      if (spooled) throw oneStoryFile();
      const target = path.join(dir, 'upload');
      await pipeline(part.file, createWriteStream(target));
      spooled = { path: target, filename: part.filename || 'story', mimetype: part.mimetype || 'application/octet-stream', discard };
    }
    if (!spooled) throw storyFileRequired();
    return spooled;
  } catch (err) {
    await discard();
    throw refuse(reply, request, readError(err, maxMB));
  }
}

/** @fastify/multipart's refusals in product words; our own errors pass through. */
function readError(err: unknown, maxMB: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return storyFileTooLarge(maxMB);
  if (code === 'FST_FILES_LIMIT') return oneStoryFile();
  return storyFileRequired();
}

/**
 * A refusal sent while the client is still sending: nothing reads the rest of the body, so the
 * connection is closed after the answer rather than kept alive with a half-read request on it.
 */
function refuse(reply: FastifyReply, request: FastifyRequest, err: AppError): AppError {
  if (!request.raw.complete) reply.header('connection', 'close');
  return err;
}
