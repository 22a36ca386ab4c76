/**
 * Removes stored uploads by their public URLs, for a sibling that no longer needs them (an expired
 * or deleted story). Only our own `/uploads/images/<random>…` and `/uploads/videos/<random>…` URLs
 * are accepted: each is turned into a storage key by the one strict key grammar (`storage/keys.ts`),
 * so no URL can name a path outside the storage, a profile picture or another area.
 *
 * A video's URL takes its poster, its small rendition and any upload still waiting in `incoming/`
 * with it, a photo's its smaller widths and AVIFs; a video still
 * processing is marked failed first, so the worker stops at its next step instead of storing files
 * nobody will remove. Unknown URLs are skipped; removing twice removes nothing the second time.
 */
import { PHOTO_FORMATS, PHOTO_WIDTHS, SMALL_VIDEO_VARIANT } from '@kora/contracts';
import { badRequest } from '@kora/platform/service';
import type { Media } from '../context.js';
import { parseKey, siblingKey, type ParsedKey } from '../storage/keys.js';
import { videoFailureTexts } from '../videos/failures.js';
import { findVideoByKey, markFailed } from '../videos/records.js';

const REMOVABLE_AREAS = new Set(['images', 'videos']);
const URL_PREFIX = '/uploads/';

export const notOurUpload = () =>
  badRequest("Only this site's uploaded images and videos can be removed (/uploads/images/… or /uploads/videos/…)", 'UPLOAD_URL_INVALID');

/** The key a removable URL names, or null for anything else. */
export function removableKey(url: string): ParsedKey | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  const parsed = parseKey(url.slice(URL_PREFIX.length));
  return parsed && REMOVABLE_AREAS.has(parsed.area) ? parsed : null;
}

/**
 * Every stored key one URL stands for: a video's MP4 brings its poster, its small rendition and its
 * waiting upload; a photo its smaller widths and AVIFs (decision 044; a photo stored before has
 * none, and removing what is not there removes nothing).
 */
export function keysOf(parsed: ParsedKey): string[] {
  if (parsed.variant !== null) return [parsed.key];
  if (parsed.area === 'videos' && parsed.ext === 'mp4') {
    return [
      parsed.key,
      siblingKey(parsed.key, 'poster', 'jpg'),
      siblingKey(parsed.key, SMALL_VIDEO_VARIANT, 'mp4'),
      siblingKey(parsed.key, null, 'bin', 'incoming'),
    ];
  }
  if (parsed.area === 'images' && parsed.ext === 'webp') {
    const variants = PHOTO_FORMATS.flatMap((format) => [
      ...(format === 'webp' ? [] : [siblingKey(parsed.key, null, format)]),
      ...PHOTO_WIDTHS.map((width) => siblingKey(parsed.key, String(width), format)),
    ]);
    return [parsed.key, ...variants];
  }
  return [parsed.key];
}

/** Removes what `urls` name; the count of files that were there. Refuses the lot if one is not ours. */
export async function removeUploads(media: Media, urls: string[]): Promise<number> {
  const parsed = urls.map(removableKey);
  if (parsed.some((p) => p === null)) throw notOurUpload();

  let removed = 0;
  for (const key of new Set((parsed as ParsedKey[]).flatMap(keysOf))) {
    if (key.startsWith('videos/') && key.endsWith('.mp4')) {
      const video = await findVideoByKey(media, key);
      if (video?.status === 'processing') await markFailed(media, video, videoFailureTexts.removed);
    }
    if (await media.storage.remove(key)) removed += 1;
  }
  return removed;
}
