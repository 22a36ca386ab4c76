/**
 * One upload request, start to end, under its purpose's rules: the early refusals (switched-off
 * feature, not multipart, a declared length no allowed upload can have), then every file received
 * and checked (images re-encoded) before the first is stored, so one bad file fails the request
 * with nothing left behind. Shared by `POST /api/media/upload` and `POST /internal/uploads`.
 */
import { AppError } from '@kora/platform/service';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Media } from '../context.js';
import { closeIfUnread, declaredTooLong, type MultipartTexts } from '../http/multipart.js';
import { processPostImage } from '../images/post-image.js';
import { assertFeatureOn, purposeRules } from './purpose-rules.js';
import { receiveFiles, type ReceivedFile } from './receive.js';
import { storeUpload, type PreparedFile, type StoredFile } from './store.js';
import type { MediaPurpose } from '@kora/contracts';

export interface UploadRequest {
  uploaderId: number;
  purpose: MediaPurpose;
  /** The file field read. */
  field: string;
  multipartRequired: () => AppError;
  noFiles: () => AppError;
}

/** Images are decoded and re-encoded here, one at a time (memory), before anything is stored. */
async function prepare(files: ReceivedFile[]): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  for (const file of files) {
    if (file.kind === 'video') prepared.push({ ...file, kind: 'video' });
    else prepared.push({ ...file, kind: 'image', image: await processPostImage(await readFile(file.file), file.mime) });
  }
  return prepared;
}

export async function receiveAndStore(
  media: Media,
  request: FastifyRequest,
  reply: FastifyReply,
  upload: UploadRequest,
): Promise<StoredFile[]> {
  const settings = media.ctx.siteSettings.current();
  const rules = purposeRules(upload.purpose, settings);
  const texts: MultipartTexts = { tooLarge: rules.tooLarge, tooManyFiles: rules.tooManyFiles, multipartRequired: upload.multipartRequired };

  assertFeatureOn(rules, settings);
  if (!request.isMultipart()) throw upload.multipartRequired();
  // A declared length more than the allowed files can make is refused before a byte is read.
  if (declaredTooLong(request, rules.maxBytes * rules.maxFiles)) {
    closeIfUnread(request, reply);
    throw rules.tooLarge();
  }

  const work = await mkdtemp(path.join(tmpdir(), 'kora-upload-'));
  try {
    const received = await receiveFiles(request, work, { ...rules, field: upload.field, noFiles: upload.noFiles }, texts).catch(
      (err: unknown) => {
        closeIfUnread(request, reply);
        throw err;
      },
    );
    return await storeUpload(media, upload.uploaderId, upload.purpose, await prepare(received));
  } catch (err) {
    // `cause` keeps the decoder's own words; the client got the product text only.
    if (err instanceof AppError) {
      request.log.info(
        { uploaderId: upload.uploaderId, purpose: upload.purpose, code: err.code, cause: (err.cause as Error | undefined)?.message },
        'upload refused',
      );
    }
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
