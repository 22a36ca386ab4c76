/**
 * `GET|HEAD /uploads/*` — public, no sign-in: the stored files, behind the gateway's `/uploads`.
 * Anything that is not a valid key of a public area answers 404 before storage is asked, so no
 * path trick (`..`, encoded slashes, absolute paths, NUL bytes) ever reaches the filesystem.
 *
 * `/uploads/profile/defaultavatar.png` is the picture of members without an avatar; it ships with
 * the code (`assets/`), not in MEDIA_DIR, and is cached for a day instead of a year since it may be
 * redrawn.
 *
 * With MEDIA_DELIVERY=redirect a stored file is a 302 to the bucket or its CDN instead
 * (`http/redirect-delivery.ts`, decision 051); the default avatar is still served here.
 */
import { errorBodySchema } from '@kora/contracts';
import type { ServiceApp } from '@kora/platform/service';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { z } from 'zod';
import type { RedirectDelivery } from '../http/redirect-delivery.js';
import { IMMUTABLE_CACHE, sendFile, type ServableFile } from '../http/send-file.js';
import { isPublicKey, type contentTypes } from '../storage/keys.js';
import type { MediaStorage } from '../storage/port.js';
import { fileNotFound } from '../errors.js';

export const DEFAULT_AVATAR_PATH = '/uploads/profile/defaultavatar.png';
export const DEFAULT_AVATAR_FILE = new URL('../../assets/defaultavatar.png', import.meta.url);
const DEFAULT_AVATAR_CACHE = 'public, max-age=86400';

/** The stored files' own types (storage/keys.ts), each documented as bytes. */
const bytes = { schema: z.any().meta({ type: 'string', format: 'binary' }) };
/** Archives (`application/zip`) live in a private area this route never serves (decision 035). */
const fileContent: Record<Exclude<(typeof contentTypes)[keyof typeof contentTypes], 'application/zip'>, typeof bytes> = {
  'image/webp': bytes,
  'image/avif': bytes,
  'image/png': bytes,
  'image/jpeg': bytes,
  'image/gif': bytes,
  'video/mp4': bytes,
  'video/webm': bytes,
  'application/octet-stream': bytes,
};

const fileResponses = {
  200: { description: 'The file, with its content type; 206 for a byte range', content: fileContent },
  206: { description: 'The requested byte range (Range: bytes=start-end)', content: fileContent },
  302: z.null().describe('Where the file is served from (Location), when the site delivers media from object storage or a CDN'),
  304: z.null().describe('Not modified (If-None-Match / If-Modified-Since)'),
  404: errorBodySchema,
  416: errorBodySchema,
};

async function loadDefaultAvatar(): Promise<ServableFile> {
  const [data, stats] = await Promise.all([fs.readFile(DEFAULT_AVATAR_FILE), fs.stat(DEFAULT_AVATAR_FILE)]);
  // Content-based, so every replica (and every checkout) agrees on it.
  const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;
  return {
    size: data.length,
    contentType: 'image/png',
    modifiedAt: stats.mtime,
    etag,
    cacheControl: DEFAULT_AVATAR_CACHE,
    read: async (range) => (range ? data.subarray(range.start, range.end + 1) : data),
  };
}

export async function uploadRoutes(app: ServiceApp, storage: MediaStorage, delivery: RedirectDelivery | null = null): Promise<void> {
  const defaultAvatar = await loadDefaultAvatar();

  app.route({
    method: ['GET', 'HEAD'],
    url: DEFAULT_AVATAR_PATH,
    schema: {
      tags: ['media'],
      operationId: 'getDefaultAvatar',
      summary: 'The default avatar (PNG) shown for members without one',
      response: fileResponses,
    },
    handler: (request, reply) => sendFile(request, reply, defaultAvatar),
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    schema: {
      tags: ['media'],
      operationId: 'getUploadedFile',
      summary: 'A stored file (images, videos); supports Range requests and conditional GETs',
      params: z.object({ '*': z.string().describe('The stored key, e.g. profile/<32 hex>.webp') }),
      response: fileResponses,
    },
    handler: async (request, reply) => {
      const key = request.params['*'];
      if (!isPublicKey(key)) throw fileNotFound();
      if (delivery) {
        const redirect = await delivery.redirectFor(key);
        return reply.code(302).header('location', redirect.location).header('cache-control', redirect.cacheControl).send();
      }
      const object = await storage.stat(key);
      if (!object) throw fileNotFound();
      return sendFile(request, reply, {
        ...object,
        cacheControl: IMMUTABLE_CACHE,
        read: async (range) => (await storage.open(key, range ?? undefined))?.body ?? null,
      });
    },
  });
}
