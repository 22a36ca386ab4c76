/**
 * Hands an uploaded image to the media service's internal API (`POST /internal/images?kind=...`),
 * streaming it through without holding it in memory. The media service checks it (magic bytes,
 * size, pixel floods), re-encodes it, stores it under a random name and answers 201 `{ url }`;
 * its refusals (400, 413, 415) reach the member unchanged.
 */
import { errorBodySchema } from '@kora/contracts';
import { AppError, type ServiceContext } from '@kora/platform/service';
import type { MultipartFile } from '@fastify/multipart';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { imageNotStored, imageRequired, imageTooLarge } from '../errors.js';

export type ImageKind = 'avatar' | 'cover';

const stored = z.object({ url: z.string().min(1) });
const PASSED_THROUGH = new Set([400, 413, 415]);

const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]|["\\]/g, '_').slice(0, 200);

export async function storeImage(ctx: ServiceContext, part: MultipartFile, kind: ImageKind, maxMB: number): Promise<string> {
  const boundary = `----kora-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${headerSafe(part.filename || 'image')}"\r\n` +
      `Content-Type: ${headerSafe(part.mimetype || 'application/octet-stream')}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // The member's upload itself broke off (a form cut short): their request is at fault, not media.
  let uploadBroke = false;
  async function* body() {
    yield head;
    try {
      for await (const chunk of part.file) yield chunk as Buffer;
    } catch (err) {
      uploadBroke = true;
      throw err;
    }
    // Busboy stops at the size limit and ends the stream early: never pass on a cut file.
    if (part.file.truncated) throw imageTooLarge(maxMB);
    yield tail;
  }

  let res: Response;
  try {
    res = await ctx.callService('media', `/internal/images?kind=${kind}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(Readable.from(body())) as ReadableStream,
      duplex: 'half',
    });
  } catch (err) {
    if (part.file.truncated) throw imageTooLarge(maxMB);
    if (uploadBroke) throw imageRequired();
    throw err;
  }
  const answer: unknown = await res.json().catch(() => null);
  if (res.status === 201 || res.status === 200) {
    const ok = stored.safeParse(answer);
    if (ok.success) return ok.data.url;
  } else if (PASSED_THROUGH.has(res.status)) {
    const refusal = errorBodySchema.safeParse(answer);
    if (refusal.success) throw new AppError(res.status, refusal.data.code, refusal.data.message);
  }
  ctx.log.error({ status: res.status, kind }, 'media service answered unexpectedly');
  throw imageNotStored();
}
