/**
 * MEDIA_DELIVERY=redirect (decision 051): `/uploads/<key>` answers a 302 to where the bytes are,
 * so they never pass through a media pod.
 *
 * - With MEDIA_PUBLIC_BASE_URL (a CDN in front of the bucket): `<base>/<key>`. The mapping never
 *   changes, so the redirect is cached like the object itself.
 * - Otherwise a presigned GET URL of the bucket, valid S3_PRESIGN_SECONDS. URLs are signed for the
 *   start of a time window of half that length, so every request in one window gets the same URL
 *   (the browser's cache of the bytes keeps working), and the 302 is cached only until the window
 *   ends: a cached redirect always leads to a URL valid at least half its lifetime more.
 *
 * No HEAD is asked first: a missing key is the store's own 404. Only public keys get here (the
 * route checks `isPublicKey` before).
 */
import type { MediaConfig } from '../config.js';
import type { MediaStorage } from '../storage/port.js';
import { S3Storage } from '../storage/s3.js';
import { IMMUTABLE_CACHE } from './send-file.js';

export interface Redirect {
  location: string;
  cacheControl: string;
}

export interface RedirectDelivery {
  readonly kind: 'cdn' | 'presigned';
  redirectFor(key: string, now?: Date): Promise<Redirect>;
}

export function cdnDelivery(baseUrl: string): RedirectDelivery {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    kind: 'cdn',
    redirectFor: async (key) => ({ location: `${base}/${key}`, cacheControl: IMMUTABLE_CACHE }),
  };
}

export function presignedDelivery(storage: S3Storage, expiresInSeconds: number): RedirectDelivery {
  const windowMs = Math.floor(expiresInSeconds / 2) * 1000;
  return {
    kind: 'presigned',
    async redirectFor(key, now = new Date()) {
      const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
      const location = await storage.presignedGetUrl(key, { expiresInSeconds, signingDate: new Date(windowStart) });
      const maxAge = Math.max(0, Math.floor((windowStart + windowMs - now.getTime()) / 1000));
      // Private: a shared cache must not hand one signature to everyone for longer than we chose.
      return { location, cacheControl: `private, max-age=${maxAge}` };
    },
  };
}

/** The delivery the configuration asks for: null for `proxy` (the route streams the bytes). */
export function deliveryFromConfig(config: MediaConfig, storage: MediaStorage): RedirectDelivery | null {
  if (config.MEDIA_DELIVERY !== 'redirect') return null;
  if (config.MEDIA_PUBLIC_BASE_URL) return cdnDelivery(config.MEDIA_PUBLIC_BASE_URL);
  if (!(storage instanceof S3Storage)) throw new Error('MEDIA_DELIVERY=redirect needs MEDIA_STORAGE=s3 (presigned URLs)');
  return presignedDelivery(storage, config.S3_PRESIGN_SECONDS);
}
