/**
 * The media service's internal API, as the stories need it (decision 022):
 * - `POST /internal/uploads?purpose=story&uploaderId=` stores a story's photo or video under the
 *   story purpose's rules. The spooled file is streamed, never read into memory. Media's refusals
 *   (400, 413, 415: not a photo or video, too large, unreadable) reach the member unchanged; a
 *   media service that is down is a 503 (the platform's service client).
 * - `POST /internal/uploads/remove` removes an expired or deleted story's files.
 */
import {
  ErrorCode,
  errorBodySchema,
  INTERNAL_UPLOAD_FIELD,
  removeUploadsAnswer,
  uploadedFileSchema,
  type UploadedFile,
} from '@kora/contracts';
import { AppError, type ServiceContext } from '@kora/platform/service';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { storyNotStored } from '../errors.js';
import type { SpooledFile } from './receive.js';

/**
 * Media's refusals a member can act on: passed through as they are. A 404 only as FEATURE_DISABLED
 * (stories switched off between the gateway's check and media's); any other 404 is a bug.
 */
const PASSED_THROUGH = new Set([400, 404, 413, 415]);

const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]|["\\]/g, '_').slice(0, 200);

/** Hands the story's file to media; answers the stored file (its URL, kind and, for a video, media's id). */
export async function storeStoryFile(ctx: ServiceContext, file: SpooledFile, uploaderId: number): Promise<UploadedFile> {
  const boundary = `----kora-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${INTERNAL_UPLOAD_FIELD}"; filename="${headerSafe(file.filename)}"\r\n` +
      `Content-Type: ${headerSafe(file.mimetype)}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    for await (const chunk of createReadStream(file.path)) yield chunk as Buffer;
    yield tail;
  }
  const res = await ctx.callService('media', `/internal/uploads?purpose=story&uploaderId=${uploaderId}`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: 'half',
    // A large video over a slow disk: more than the default 15 s, still bounded.
    timeoutMs: 120_000,
  });
  const answer: unknown = await res.json().catch(() => null);
  if (res.status === 201) {
    const stored = uploadedFileSchema.safeParse(answer);
    if (stored.success) return stored.data;
  } else if (PASSED_THROUGH.has(res.status)) {
    const refusal = errorBodySchema.safeParse(answer);
    if (refusal.success && (res.status !== 404 || refusal.data.code === ErrorCode.FeatureDisabled)) {
      throw new AppError(res.status, refusal.data.code, refusal.data.message);
    }
  }
  ctx.log.error({ status: res.status, uploaderId }, 'media answered a story upload unexpectedly');
  throw storyNotStored();
}

/** Asks media to remove `urls`; throws when media did not (the caller keeps the rows and tries again). */
export async function removeStoryFiles(ctx: ServiceContext, urls: string[]): Promise<number> {
  const res = await ctx.callService('media', '/internal/uploads/remove', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ urls }),
  });
  const answer = removeUploadsAnswer.safeParse(await res.json().catch(() => null));
  if (res.status !== 200 || !answer.success) throw new Error(`media refused to remove ${urls.length} story file(s): ${res.status}`);
  return answer.data.removed;
}
